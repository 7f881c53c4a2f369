import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// One `vite build` per test run, and none when the sources have not changed since the last: the
// build (about 30 s here) is stamped with a hash of everything it reads, so a second run, or a
// bench after the tests, reuses dist/web. Any change to the web code, the shared schemas or the
// build's own tools changes the hash and builds again: a test always sees the web code as it is.

const root = resolve(import.meta.dirname, '..', '..');
const distDir = join(root, 'dist', 'web');
const stampFile = join(root, 'dist', 'web-build.json');
/** What the build reads: vite's root (web/), what web/ imports, the build plugins and the lockfile. */
const inputs = ['web', 'schemas', 'domain', 'tools/build', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
      return;
    }
    hash.update(path.slice(root.length)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of inputs) visit(join(root, input));
  return hash.digest('hex');
}

/** Builds web/ into dist/web unless the build there is of these very sources. */
export function ensureWebBuild(): void {
  const hash = sourceHash();
  const stamp = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as { hash?: string }) : {};
  if (stamp.hash === hash && existsSync(join(distDir, 'index.html'))) return;
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  writeFileSync(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
}
