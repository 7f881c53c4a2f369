// npm ci refuses a lockfile that lacks any optional platform package of a dependency. The registry
// mirror this project was locked against does not serve chdb's macOS and Linux-arm64 builds, so
// `npm install` silently leaves them out. This adds their entries (os/cpu only, no tarball), which
// npm ci then skips on other platforms. A no-op when the entries are already there.
import fs from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const chdb = lock.packages?.['node_modules/chdb'];
const platforms = {
  '@chdb/lib-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  '@chdb/lib-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  '@chdb/lib-linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  '@chdb/lib-linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
};
const added = [];
for (const [name, version] of Object.entries(chdb?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key] || !platforms[name]) continue;
  lock.packages[key] = { version, license: 'Apache-2.0', optional: true, ...platforms[name] };
  added.push(name);
}
if (added.length > 0) {
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  lock.packages = Object.fromEntries([root, ...rest]);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Lockfile: added entries for ${added.join(', ')}`);
}
