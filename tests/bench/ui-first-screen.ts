import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** The JavaScript a screen loaded: files, their gzip size (level 9, as served) and the bytes that crossed the wire. */
export interface ScriptBytes {
  files: number;
  gzip: number;
  transferred: number;
  /** The three largest files, `name gzip-bytes`, to see what a screen carries. */
  largest: string[];
}

/** Sums every JavaScript file `page` receives while `load` runs (the context's cache is empty: a first visit). */
async function scriptsLoadedBy(page: Page, load: () => Promise<void>): Promise<ScriptBytes> {
  const pending: Promise<{ name: string; gzip: number; transferred: number } | null>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const name = new URL(response.url()).pathname.split('/').pop() ?? '';
        return { name, gzip: gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
      })().catch(() => null),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  // A response whose body is gone by now (the page moved on) was not part of the first screen. Each is caught where
  // it is made: a rejection waiting for a later allSettled would already have ended the process as unhandled.
  const files = (await Promise.all(pending)).flatMap((file) => (file ? [file] : []));
  return {
    files: files.length,
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    transferred: files.reduce((sum, file) => sum + file.transferred, 0),
    largest: files
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, Number(process.env.BENCH_LARGEST ?? 3))
      .map((file) => `${file.name.replace(/-[\w-]{8}\.js$/, '.js')} ${(file.gzip / 1000).toFixed(1)} kB`),
  };
}

const viewport = { width: 1440, height: 900 };

/** Opens a few customers as the signed-in staff member, so that the landing lists them as a returning person's does. */
async function viewSomeCustomers(origin: string, state: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const stored = state.origins.flatMap((entry) => entry.localStorage).find((item) => item.name === 'auth');
  const { accessToken } = JSON.parse(stored?.value ?? '{}') as { accessToken?: string };
  if (!accessToken) throw new Error('no access token after signing in');
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const answer = await fetch(`${origin}/admin/users/${id}`, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!answer.ok) throw new Error(`users/${id}: ${answer.status}`);
  }
}

/**
 * The first screens as a newcomer's browser loads them, each in a fresh context (empty cache): `/login`, then, signed
 * in (the session copied into a new fresh context) and with eight customers viewed, the landing `/users/last-viewed`.
 */
export async function firstScreens(
  browser: Browser,
  origin: string,
  credentials: { email: string; password: string },
): Promise<{ login: ScriptBytes; landing: ScriptBytes }> {
  const signedOut: BrowserContext = await browser.newContext({ viewport });
  const loginPage = await signedOut.newPage();
  const login = await scriptsLoadedBy(loginPage, async () => {
    await loginPage.goto(`${origin}/login`);
    await loginPage.getByLabel(/e-?mail/i).waitFor();
  });
  await loginPage.getByLabel(/e-?mail/i).fill(credentials.email);
  await loginPage.getByLabel(/password/i).fill(credentials.password);
  await loginPage.getByLabel(/password/i).press('Enter');
  await loginPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  const storageState = await signedOut.storageState();
  await signedOut.close();
  await viewSomeCustomers(origin, storageState);

  const signedIn = await browser.newContext({ viewport, storageState });
  const landingPage = await signedIn.newPage();
  const landing = await scriptsLoadedBy(landingPage, async () => {
    await landingPage.goto(`${origin}/users/last-viewed`);
    await landingPage.getByRole('grid').first().waitFor();
  });
  await signedIn.close();
  return { login, landing };
}
