import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DiskFileStore, FileStore } from '../../infra/files/file-store.ts';

// The stored files of the embedded default (DATA_DIR/files) into the object store that several
// instances share. Objects the target has already (a move run again after an interruption) are
// left alone; an upload's staging folder is not an object.

export async function copyFiles(from: DiskFileStore, to: FileStore, log: (line: string) => void = () => undefined): Promise<{ copied: number; present: number }> {
  const result = { copied: 0, present: 0 };
  const entries = await fsp.readdir(from.root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(from.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (key.startsWith('.incoming/')) continue;
    if (await to.exists(key)) {
      result.present++;
      continue;
    }
    await to.save(key, await from.read(key));
    result.copied++;
    if (result.copied % 100 === 0) log(`files: ${result.copied} copied`);
  }
  return result;
}
