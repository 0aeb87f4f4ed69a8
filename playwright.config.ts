import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

/** A real server on a fresh embedded database in a temporary DATA_DIR, seeded with the demo data. */
function e2eServer(serverPort: number, env: Record<string, string>) {
  return {
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://localhost:${serverPort}/`,
    // E2E_SERVER_TIMEOUT_MS: a shared, loaded machine may need longer to seed two servers at once.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(serverPort), ...env },
  };
}

/** E2E: the real server on a fresh embedded database (a temporary DATA_DIR), the built console, Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry in CI: a test that passes only on its retry is listed as flaky in the report, and is a bug to fix;
  // a shared, loaded machine should not throw away a whole run for one timing miss.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  // The browser tests, then the check of what the servers logged while they ran (tests/e2e/server-logs.check.ts).
  projects: [
    { name: 'console', testMatch: /\.spec\.ts$/ },
    { name: 'server-logs', testMatch: /server-logs\.check\.ts$/, dependencies: ['console'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The second server also delivers its e-mails to a capturing SMTP inbox (tests/e2e/mail-capture.ts): the
  // invitation test reads its link there; the first, a demo database without SMTP_URL, delivers to the mail capture
  // `npm start` runs (tools/stand-in-mail; outbox.spec opens a delivered e-mail there).
  // It keeps banner images in a bucket (E2E_BUCKET, tests/e2e/server.ts), the first in local files.
  webServer: [
    e2eServer(port, {}),
    e2eServer(port + 1, { ACCESS_TOKEN_TTL_SECONDS: '2', MAIL_CAPTURE: '1', E2E_BUCKET: '1' }),
  ],
});
