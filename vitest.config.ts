import { defineConfig } from 'vitest/config';

/**
 * Server test files that change process-wide state for their own run: they mock a module (`vi.mock`), set
 * environment variables the app reads when it is built, or retune exported settings (broadcast sizing, webhook
 * retry). They run isolated, each in a fresh module graph; every other server file shares its worker's modules
 * (`isolate: false`), which spares re-importing Fastify, drizzle and the catalogue per file — about a third of the
 * server project's time on these 2 cores. A new file that does any of the above belongs in this list.
 */
const isolatedServerFiles = [
  'tests/server/login-decoy.test.ts',
  'tests/server/session-cache.test.ts',
  'tests/server/notifications.test.ts',
  'tests/server/marketing-banners.test.ts',
  'tests/server/role-matrix-operations.test.ts',
  'tests/server/uploads.test.ts',
  'tests/server/banner-uploads-s3.test.ts',
  // Starts OpenTelemetry's SDK: a global tracer provider, and pg patched.
  'tests/server/tracing.test.ts',
];

/**
 * Unit files that drive the whole shell through window key listeners (the palette, the two-key shortcuts): what
 * another file leaves in the shared modules (the runner, the shortcut matcher's pending key, the session's role)
 * changes what a key does, so they keep a fresh module graph each. Every other unit file shares its worker's modules
 * (`isolate: false`, tests/unit/support/setup.ts resets the document, toasts and address after each test): the
 * unit project took ~70 s with a fresh React, catalogue and DOM per file, ~20 s so.
 */
const isolatedUnitFiles = ['tests/unit/palette*.test.tsx', 'tests/unit/keyboard.test.tsx'];

const serverTest = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two workers on these 2-core machines: the server files wait on PGlite and PostgreSQL more than on the CPU.
    maxWorkers: 2,
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: isolatedUnitFiles,
          // One module graph per worker; tests/unit/support/setup.ts resets what a test leaves in it.
          isolate: false,
          setupFiles: ['tests/unit/support/setup.ts'],
        },
      },
      {
        extends: './vite.config.ts',
        test: { name: 'unit-isolated', environment: 'happy-dom', include: isolatedUnitFiles },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: isolatedServerFiles,
          isolate: false,
        },
      },
      { test: { ...serverTest, name: 'server-isolated', include: isolatedServerFiles } },
    ],
  },
});
