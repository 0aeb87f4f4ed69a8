import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `npm test`: the unit and server suites (Vitest) and the browser suite (a console build, then Playwright) side by
 * side. The browser suite spends most of its time waiting on pages (a third of one core, measured), so on a 2-core
 * machine the two together take little more than the longer one; one after the other they took their sum. Each line
 * is prefixed with its suite; the exit code fails if either failed, and both always run to the end.
 */
const suites = [
  { name: 'unit', script: 'test:unit' },
  { name: 'e2e', script: 'test:e2e' },
];

const started = Date.now();
const results = await Promise.all(
  suites.map(
    ({ name, script }) =>
      new Promise<{ name: string; code: number; seconds: number }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
          // Colours still, in a terminal, although each suite writes to a pipe.
          env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
        });
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
        }
        child.on('exit', (code, signal) =>
          resolve({ name, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) }),
        );
      }),
  ),
);
for (const { name, code, seconds } of results) {
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${seconds} s`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
