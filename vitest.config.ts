import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          maxWorkers: 2,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
