/**
 * The console's CSP has no 'unsafe-eval' (index.html's inline script sets the same before any module runs, since a
 * chunk the entry imports may build schemas before this file's turn; this stays for the unit tests and other entries). zod compiles object parsers with `new Function` when it may, deciding when a
 * schema is built by trying `Function('')` once, which the CSP refuses and reports as a violation. Imported first by
 * the entry, this makes zod parse without compiling (no probe, no report) before any schema exists. It writes zod's
 * global settings object (`globalThis.__zod_globalConfig`, which zod's `config()` itself writes to and reads when a
 * schema parses) instead of importing zod, so that the first screen does not load the schema library.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
