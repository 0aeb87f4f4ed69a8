import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installFaults } from './faults';

/** Starts the real server (`server/main.ts`) on a fresh embedded database in a temporary DATA_DIR, and removes it after. */
const prefix = 'loupe-e2e-';
for (const name of readdirSync(tmpdir())) {
  const path = join(tmpdir(), name);
  if (name.startsWith(prefix) && Date.now() - statSync(path).mtimeMs > 3_600_000)
    rmSync(path, { recursive: true, force: true });
}
const dataDir = mkdtempSync(join(tmpdir(), prefix));
await installFaults(dataDir);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  // The whole suite signs in from one address, far faster than a person: a higher anonymous rate (README).
  env: {
    ANONYMOUS_RATE_PER_MINUTE: '600',
    ...process.env,
    DATA_DIR: dataDir,
    SEED: 'demo',
    DATABASE_URL: '',
    JWT_SECRET: '',
  },
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
