import { describe } from 'vitest';
import { type Backend, backends } from './databases';

/** Declares a describe block per database backend (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachBackend(name: string, body: (backend: Backend) => void): void {
  for (const backend of backends) describe(`${name} [${backend}]`, () => body(backend));
}
