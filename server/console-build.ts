import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the console build is made from (those that exist). */
const sources = [
  'src',
  'views',
  'commands',
  'domain',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
];

async function newestChange(path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)));
  return newest;
}

/**
 * The console's build directory (`dist`, or `CONSOLE_DIR` so that parallel test runs do not share one), built first
 * with Vite's JS API when its index.html is missing or older than any source; null when the project has no console to build (no index.html).
 */
export async function ensureConsoleBuild(
  root: string,
  log: (line: string) => void,
  outDir = join(root, 'dist'),
): Promise<string | null> {
  if ((await newestChange(join(root, 'index.html'))) === 0) return null;
  const built = await newestChange(join(outDir, 'index.html'));
  let newestSource = 0;
  for (const source of sources) newestSource = Math.max(newestSource, await newestChange(join(root, source)));
  if (built > 0 && built >= newestSource) return outDir;
  log(built > 0 ? 'The console changed since its last build; building it…' : 'Building the console…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  log(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return outDir;
}
