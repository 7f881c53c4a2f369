// npm ci refuses a lockfile that lacks any optional platform package of a dependency. The registry
// mirror this project was locked against does not serve every platform build (chdb's macOS and
// Linux-arm64 builds; most of unrs-resolver's, the native resolver of the lint fence's
// eslint-plugin-import-x), so `npm install` silently leaves them out. This adds their entries
// (os/cpu only, no tarball), which npm ci then skips on other platforms. A no-op when the entries
// are already there.
import fs from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));

// chdb's builds, named by hand.
const chdbPlatforms = {
  '@chdb/lib-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  '@chdb/lib-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  '@chdb/lib-linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  '@chdb/lib-linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
};

// unrs-resolver's builds follow the napi-rs naming: @unrs/resolver-binding-<os>-<cpu>[-<abi>].
function unrsPlatform(name) {
  const match = /^@unrs\/resolver-binding-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z]+))?$/.exec(name);
  if (!match) return undefined;
  const [, os, cpu, abi] = match;
  const libc = abi?.startsWith('gnu') ? ['glibc'] : abi?.startsWith('musl') ? ['musl'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const owners = [
  { key: 'node_modules/chdb', platformOf: (name) => chdbPlatforms[name], license: 'Apache-2.0' },
  { key: 'node_modules/unrs-resolver', platformOf: unrsPlatform, license: 'MIT' },
];

const added = [];
for (const owner of owners) {
  const entry = lock.packages?.[owner.key];
  for (const [name, version] of Object.entries(entry?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = owner.platformOf(name);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, ...(entry.dev ? { dev: true } : {}), license: owner.license, optional: true, ...platform };
    added.push(name);
  }
}
if (added.length > 0) {
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  lock.packages = Object.fromEntries([root, ...rest]);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Lockfile: added entries for ${added.join(', ')}`);
}
