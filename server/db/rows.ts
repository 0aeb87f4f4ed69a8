/** The rows of a raw statement's result (`db.execute`), from either driver: an array, or an object holding `rows`. */
export function rowsOf<T>(result: { rows: T[] } | readonly T[]): T[];
export function rowsOf<T>(result: unknown): T[];
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
