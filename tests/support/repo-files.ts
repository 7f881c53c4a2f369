import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

// Installed, built or generated, never written by hand (.gitignore lists the same).
const skipped = new Set(['node_modules', '.git', 'dist', 'data', 'test-output', '.tmp', '.scratch']);

/**
 * Every file in the working tree, as paths relative to the root with `/` separators. A walk
 * rather than `git ls-files`, so a new file counts before anyone adds it.
 */
export function repoFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return repoFiles(full);
    return entry.isFile() ? [path.relative(repoRoot, full).split(path.sep).join('/')] : [];
  });
}
