import { config } from 'zod/v4/core';

/**
 * The console's CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function` when it may, deciding when a
 * schema is built by trying `Function('')` once, which the CSP refuses and reports as a violation. Imported first by
 * the entry, this makes zod parse without compiling (no probe, no report) before any schema exists.
 */
config({ jitless: true });
