import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The stand-in process `npm start` runs beside a demo database, and how to stop it. */
export interface DemoStandIn {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the editing pipeline's STAND-IN (tools/stand-in-pipeline, its own process: the server never imports it)
 * and points this process at it: PIPELINE_WEBHOOK_URL and a fresh PIPELINE_SECRET, which forked request-serving
 * workers inherit. Answers null (and starts nothing) unless the database is the demo's, PIPELINE is not `off` and no
 * PIPELINE_WEBHOOK_URL names a real service.
 */
export async function startDemoPipeline(
  root: string,
  options: { demo: boolean; port: number; log: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): Promise<DemoStandIn | null> {
  if (!options.demo || env.PIPELINE === 'off' || env.PIPELINE_WEBHOOK_URL) return null;
  const secret = env.PIPELINE_SECRET || randomBytes(32).toString('base64url');
  const child = fork(join(root, 'tools/stand-in-pipeline/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...env,
      LOUPE_URL: `http://127.0.0.1:${options.port}`,
      PIPELINE_SECRET: secret,
      STAND_IN_PORT: env.STAND_IN_PORT ?? '0',
      STAND_IN_QUIET: env.STAND_IN_QUIET ?? '1',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the pipeline stand-in exited (${code}) before listening`)));
    lines.on('line', (line) => {
      const listening = /^listening (\S+)$/.exec(line)?.[1];
      if (listening) resolve(listening);
      else options.log(line);
    });
  });
  env.PIPELINE_WEBHOOK_URL = url;
  env.PIPELINE_SECRET = secret;
  options.log(`Editing pipeline: the STAND-IN at ${url} (demo database; PIPELINE=off to run without it).`);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
