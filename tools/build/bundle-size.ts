import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { paths } from '../../web/routes/paths.ts';
import { beforeFirstRender, kilobytes, landingRoutes, pageStarts, routePages, routeSizes, type Manifest } from './route-bundles.ts';

// `npm run size`: builds the web app as `npm run build` does (vite.config.ts), into a throwaway
// folder with Vite's manifest, and prints the gzip size of the JavaScript each route needs (issue
// 21 item 3) twice: its first screen, and all it loads (with the charts its page fetches by
// itself). Exits with 1 when a route breaks a goal: 150 KB for the first screen where users land,
// 300 KB for all that any route loads.

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-size-'));
try {
  await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = routeSizes(manifest, (file) => fs.readFileSync(path.join(outDir, file)), routePages, landingRoutes, beforeFirstRender, pageStarts);
  console.table(
    sizes.map((size) => ({
      route: size.route,
      path: paths[size.route as keyof typeof paths].path,
      'first screen KB gzip': kilobytes(size.firstScreen.gzipBytes),
      'landing goal': size.firstScreenGoal === null ? '' : kilobytes(size.firstScreenGoal),
      'all it loads KB gzip': kilobytes(size.allLoads.gzipBytes),
      'route goal': kilobytes(size.allLoadsGoal),
      'files (all)': size.allLoads.files,
      'KB (all)': kilobytes(size.allLoads.bytes),
      ok: size.overGoal.length === 0 ? 'yes' : 'NO',
    })),
  );
  const broken = sizes.filter((size) => size.overGoal.length > 0);
  if (broken.length > 0) {
    console.error(`Over the goal: ${broken.map((size) => `${size.route} ${size.overGoal.join(' and ')}`).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
