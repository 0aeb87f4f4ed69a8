import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where tests/e2e/server.ts keeps everything the server on `port` logged during the suite (rewritten each run). */
export function serverLogPath(port: string | number): string {
  return join(tmpdir(), `loupe-e2e-server-${port}.log`);
}
