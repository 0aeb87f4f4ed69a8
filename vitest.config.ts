import { defineConfig } from 'vitest/config';

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
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
