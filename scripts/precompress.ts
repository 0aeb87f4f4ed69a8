import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this, compression saves less than a packet. */
const minimumBytes = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible file of `dir` at
 * least 1 KB, once, at build time: the server sends them as they are (`@fastify/static` `preCompressed`).
 */
export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    const path = join(dir, name);
    if (!compressible.test(name) || !(await stat(path)).isFile()) continue;
    const content = await readFile(path);
    if (content.length < minimumBytes) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    written += 1;
  }
  return written;
}

/** The Vite plugin: pre-compresses the finished build (`build.outDir`). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'loupe-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
