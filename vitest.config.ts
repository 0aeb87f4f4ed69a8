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
        test: { name: 'unit', environment: 'happy-dom', include: ['tests/unit/**/*.test.{ts,tsx}'] },
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
