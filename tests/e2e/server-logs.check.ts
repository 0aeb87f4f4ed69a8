import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { roles } from '../../domain/roles';
import { serverLogPath } from './server-log';
import { emailOf } from './support';

/**
 * Runs after every other browser test (the `server-logs` project depends on them; playwright.config.ts): reads all
 * that both e2e servers logged through the suite — a request line per call, the job worker's and the bulk runs'
 * errors, the faults the tests inject — and finds no e-mail address in any line (issue 21, logs). The suite searched
 * customers by e-mail, opened and edited them, sent them mail and signed staff in by address, so the addresses were
 * in the requests; the log keeps route patterns, ids and redacted errors only. The one exception is not a log line:
 * on a demo database `npm start` prints the demo staff accounts to sign in with (server/main.ts), fixed addresses at
 * example.com; those lines, and only in that form, are allowed.
 */
const demoSignInLine = new RegExp(
  `^  (?:${roles.map((role) => emailOf(role).replace('.', '\\.')).join('|')}) +[A-Z_0-9]+`,
);
const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const port = Number(process.env.E2E_PORT ?? 8181);

for (const serverPort of [port, port + 1]) {
  test(`the log of the server on port ${serverPort} holds no e-mail address in any of its lines`, () => {
    const lines = readFileSync(serverLogPath(serverPort), 'utf8').split('\n').filter(Boolean);
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    // Not an empty file passing by default: the suite's calls are there, searches by e-mail and sign-ins among them.
    expect(requests.length).toBeGreaterThan(serverPort === port ? 500 : 20);
    expect(requests.some((line) => line.includes('"route":"/admin/auth/login"'))).toBe(true);
    const leaks = lines
      .filter((line) => emailAddress.test(line) && !demoSignInLine.test(line))
      .map((line) => line.slice(0, 300));
    expect(leaks, leaks.slice(0, 5).join('\n')).toEqual([]);
  });
}
