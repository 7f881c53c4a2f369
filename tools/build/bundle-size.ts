import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { paths } from '../../web/routes/paths.ts';
import { beforeFirstRender, landingRoutes, routePages, routeSizes, type Manifest } from './route-bundles.ts';

// `npm run size`: builds the web app as `npm run build` does (vite.config.ts), into a throwaway
// folder with Vite's manifest, and prints the gzip size of the JavaScript each route needs (issue
// 21 item 3). Exits with 1 when a route breaks its goal: 150 KB for where users land, 300 KB for
// every other route.

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-size-'));
try {
  await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = routeSizes(manifest, (file) => fs.readFileSync(path.join(outDir, file)), routePages, landingRoutes, beforeFirstRender);
  const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
  console.table(
    sizes.map((size) => ({
      route: size.route,
      path: paths[size.route as keyof typeof paths].path,
      files: size.files,
      'KB': kb(size.bytes),
      'KB gzip': kb(size.gzipBytes),
      'goal KB gzip': kb(size.goal),
      ok: size.gzipBytes <= size.goal ? 'yes' : 'NO',
    })),
  );
  const broken = sizes.filter((size) => size.gzipBytes > size.goal);
  if (broken.length > 0) {
    console.error(`Over the goal: ${broken.map((size) => `${size.route} ${kb(size.gzipBytes)} KB > ${kb(size.goal)} KB`).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
