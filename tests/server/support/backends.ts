import { describe } from 'vitest';
import { type Backend, backends } from './databases';

/** Declares a describe block per database backend (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachBackend(name: string, body: (backend: Backend) => void): void {
  for (const backend of backends) describe(`${name} [${backend}]`, () => body(backend));
}

/**
 * Where the catalogue-wide sweeps (every role × every call, fuzzing every call, every id form in every path) and the
 * demo seed's checks run: PostgreSQL when TEST_DATABASE_URL is set (CI, through PgBouncer), else PGlite;
 * `TEST_SWEEPS=each-backend` runs them on both. What the sweeps prove is in the handlers, the validation and the role
 * table — the same code on either backend — and the seed's PGlite path runs at every browser-suite start (its demo
 * servers seed on PGlite); the second pass was a fifth of the server suite's time. The database behaviour itself
 * (locks, races, SQL) keeps its tests on both backends (docs/testing.md).
 */
export const oneBackend: readonly Backend[] =
  process.env.TEST_SWEEPS === 'each-backend' ? backends : [backends.includes('pg') ? 'pg' : 'pglite'];

/** A describe block on `oneBackend`. */
export function describeOnOneBackend(name: string, body: (backend: Backend) => void): void {
  for (const backend of oneBackend) describe(`${name} [${backend}]`, () => body(backend));
}
