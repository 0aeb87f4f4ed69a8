import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestBucket } from '../server/support/test-bucket';
import { installFaults } from './faults';
import { captureMail, mailCapturePath } from './mail-capture';
import { serverLogPath } from './server-log';

/** Starts the real server (`server/main.ts`) on a fresh embedded database in a temporary DATA_DIR, and removes it after. */
const prefix = 'loupe-e2e-';
for (const name of readdirSync(tmpdir())) {
  const path = join(tmpdir(), name);
  // A killed server leaves its directories (its data, its test bucket's): those over an hour old go.
  if ((name.startsWith(prefix) || name.startsWith('loupe-bucket-')) && Date.now() - statSync(path).mtimeMs > 3_600_000)
    rmSync(path, { recursive: true, force: true });
}
const dataDir = mkdtempSync(join(tmpdir(), prefix));
await installFaults(dataDir);
// MAIL_CAPTURE=1: the server delivers its e-mails to an SMTP inbox here, which appends each to a file the tests read
// (support.ts `mailTo`), e.g. a staff invitation's set-password link.
const capture = process.env.MAIL_CAPTURE === '1' ? await captureMail(mailCapturePath(process.env.PORT ?? '')) : null;
// E2E_BUCKET=1: banner images go to an S3-protocol server here (s3rver, SigV4 checked) that lets this console PUT.
const bucket =
  process.env.E2E_BUCKET === '1'
    ? await startTestBucket({ corsOrigins: [`http://localhost:${process.env.PORT ?? ''}`] })
    : null;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  // The whole suite signs in from one address, far faster than a person: a higher anonymous rate (README).
  env: {
    ANONYMOUS_RATE_PER_MINUTE: '600',
    ...process.env,
    DATA_DIR: dataDir,
    SEED: 'demo',
    DATABASE_URL: '',
    JWT_SECRET: '',
    // Links others open (promotion, invitation, upload URLs) on the address the browser uses.
    PUBLIC_URL: `http://localhost:${process.env.PORT ?? ''}`,
    ...(capture ? { SMTP_URL: capture.url } : {}),
    ...bucket?.env,
  },
  // Every line the server writes (its request log on stdout, errors on stderr) is kept for the suite's log check
  // (server-logs.check.ts): no e-mail address in any of them. Errors still reach Playwright's output.
  stdio: ['ignore', 'pipe', 'pipe'],
});
const log = createWriteStream(serverLogPath(process.env.PORT ?? ''));
server.stdout.pipe(log);
server.stderr.pipe(log);
server.stderr.pipe(process.stderr);
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  void capture?.close();
  // The bucket's directory is removed by its close, before this process ends.
  void (bucket?.close() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
