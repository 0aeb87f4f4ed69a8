import { fork } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The mail capture `npm start` runs beside a demo database, and how to stop it. */
export interface DemoMailCapture {
  smtpUrl: string;
  httpUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the MAIL CAPTURE (tools/stand-in-mail, its own process: the server never imports it) and points this process
 * at it: SMTP_URL (the mail worker delivers there) and MAIL_CAPTURE_URL (the outbox reads messages back from there),
 * which forked request-serving workers inherit. Answers null (and starts nothing) unless the database is the demo's,
 * SMTP_URL is unset and MAIL_CAPTURE is not `off`.
 */
export async function startDemoMailCapture(
  root: string,
  options: { demo: boolean; log: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): Promise<DemoMailCapture | null> {
  if (!options.demo || env.MAIL_CAPTURE === 'off' || env.SMTP_URL) return null;
  const child = fork(join(root, 'tools/stand-in-mail/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, STAND_IN_QUIET: env.STAND_IN_QUIET ?? '1' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const [smtpUrl, httpUrl] = await new Promise<[string, string]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the mail capture exited (${code}) before listening`)));
    lines.on('line', (line) => {
      const listening = /^listening (\S+) (\S+)$/.exec(line);
      if (listening?.[1] && listening[2]) resolve([listening[1], listening[2]]);
      else options.log(line);
    });
  });
  env.SMTP_URL = smtpUrl;
  env.MAIL_CAPTURE_URL = httpUrl;
  options.log(`Mail: delivered to the demo's MAIL CAPTURE at ${smtpUrl}, read back in the console's outbox.`);
  options.log('     (set SMTP_URL to deliver to a real server; MAIL_CAPTURE=off to keep e-mails waiting).');
  return {
    smtpUrl,
    httpUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
