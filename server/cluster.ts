import cluster, { type Worker } from 'node:cluster';
import { ConfigError } from './config';

/** The environment variable through which the primary tells its workers which console build to serve. */
const staticDirVariable = 'LOUPE_WORKER_STATIC_DIR';

/**
 * `WORKERS` (README: Configuration): how many server processes share the port. Default 1. More than one needs
 * DATABASE_URL: PGlite is one process's embedded database.
 */
export function workerCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const raw = env.WORKERS;
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new ConfigError(`WORKERS must be a whole number from 1 to 64, got "${raw}"`);
  }
  if (count > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded PGlite database lives in one process');
  }
  return count;
}

/** In a worker: the console build its primary serves (null: API only). */
export function workerStaticDir(): string | null {
  return process.env[staticDirVariable] || null;
}

/**
 * Forks `count` workers of this script (they listen on the same port, Node's cluster balancing connections), each
 * replaced when it dies unexpectedly; returns how to stop them all.
 */
export function forkWorkers(count: number, staticDir: string | null, log: (line: string) => void): () => Promise<void> {
  let stopping = false;
  const fork = (): Worker => cluster.fork({ [staticDirVariable]: staticDir ?? '' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    setTimeout(fork, 1000).unref();
  });
  for (let index = 0; index < count; index += 1) fork();
  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.kill('SIGTERM');
          }),
      ),
    );
  };
}
