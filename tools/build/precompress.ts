import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Gzip and Brotli copies of the built scripts, styles and page beside the originals (app.js.gz,
// app.js.br), so the server sends a tablet the compressed bytes without compressing per request
// (@fastify/static `preCompressed`, server/http/web-app.ts). On a slow care-home network the bytes
// are the first screen's wait: issue 21 items 3 and 4.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const compressible = /\.(js|css|html|svg|json)$/;
/** Below a packet or so compression saves no round trip. */
const minimumBytes = 1024;

export async function precompressFolder(folder: string): Promise<number> {
  let written = 0;
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await fs.readFile(file);
    if (content.length < minimumBytes) continue;
    const [gz, br] = await Promise.all([
      gzip(content, { level: 9 }),
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    ]);
    await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sointu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
