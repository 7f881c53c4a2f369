import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { invalidRequest, notFound } from '../errors.ts';

// Stored objects (audio, images, uploads) live under DATA_DIR/files by their object key, the
// `files.object_key` column. A key is a relative path of plain segments, so no key can escape the
// root however it reached us. Several app instances share an object store instead
// (s3-file-store.ts, behind the same FileStore interface).

const segment = '[A-Za-z0-9][A-Za-z0-9._-]*';
const objectKeyPattern = new RegExp(`^${segment}(/${segment})*$`);

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

export interface StoredObjectInfo {
  size: number;
  modified: Date;
}

/**
 * An object being received (an upload): its bytes are in a temporary file beside the store, under
 * no key, until `commit` moves it into place in one rename; `discard` removes it.
 */
export interface IncomingObject {
  /** The temporary file, for reading back what arrived (a type sniff). */
  readonly path: string;
  readonly size: number;
  commit(objectKey: string): Promise<void>;
  discard(): Promise<void>;
}

export interface FileStore {
  /** Writes to a temporary name and renames, so readers never see a half-written object. */
  save(objectKey: string, data: Uint8Array): Promise<void>;
  stat(objectKey: string): Promise<StoredObjectInfo | null>;
  exists(objectKey: string): Promise<boolean>;
  read(objectKey: string): Promise<Buffer>;
  /** A stream of the whole object or of one range; NotFound when the object is missing. */
  openReadStream(objectKey: string, range?: ByteRange): Promise<Readable>;
  remove(objectKey: string): Promise<void>;
  /**
   * Streams `source` to a temporary file; when the source fails (too large, cut short, refused) the
   * temporary file is removed and the error rethrown, so nothing half-written ever has a key.
   */
  receive(source: AsyncIterable<Uint8Array> | NodeJS.ReadableStream): Promise<IncomingObject>;
}

/** The store under DATA_DIR: its objects are files, and tests may look at them there. */
export interface DiskFileStore extends FileStore {
  readonly root: string;
  pathOf(objectKey: string): string;
}

export function isValidObjectKey(objectKey: string): boolean {
  return objectKey.length <= 512 && objectKeyPattern.test(objectKey);
}

export function createFileStore(dataDir: string): DiskFileStore {
  const root = path.resolve(dataDir, 'files');
  /** Whether this store cleared what a process that died in the middle of an upload left behind. */
  let swept = false;

  const pathOf = (objectKey: string): string => {
    if (!isValidObjectKey(objectKey)) throw invalidRequest('Invalid object key');
    return path.join(root, ...objectKey.split('/'));
  };

  const stat = async (objectKey: string): Promise<StoredObjectInfo | null> => {
    try {
      const info = await fsp.stat(pathOf(objectKey));
      return info.isFile() ? { size: info.size, modified: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    root,
    pathOf,
    stat,
    async save(objectKey, data) {
      const target = pathOf(objectKey);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fsp.writeFile(temporary, data);
      await fsp.rename(temporary, target);
    },
    async exists(objectKey) {
      return (await stat(objectKey)) !== null;
    },
    async read(objectKey) {
      try {
        return await fsp.readFile(pathOf(objectKey));
      } catch (error) {
        if (isMissing(error)) throw notFound();
        throw error;
      }
    },
    async openReadStream(objectKey, range) {
      const info = await stat(objectKey);
      if (!info) throw notFound();
      if (range && (range.start < 0 || range.end < range.start || range.end >= info.size)) throw invalidRequest('Invalid range');
      return fs.createReadStream(pathOf(objectKey), range ? { start: range.start, end: range.end } : {});
    },
    async remove(objectKey) {
      await fsp.rm(pathOf(objectKey), { force: true });
    },
    async receive(source) {
      // Inside the root, so the rename stays on one file system; '.incoming' is no valid key, so it is never served.
      const incoming = path.join(root, '.incoming');
      await fsp.mkdir(incoming, { recursive: true });
      if (!swept) {
        swept = true;
        await sweepIncoming(incoming);
      }
      const temporary = path.join(incoming, `${randomUUID()}.part`);
      const discard = () => fsp.rm(temporary, { force: true });
      const file = fs.createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(source, file);
      } catch (error) {
        // A write stream destroyed while its open is still on the way finishes the open (creating
        // the file) and only then closes: removed before that, the file would stay behind.
        if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
        await discard();
        throw error;
      }
      const { size } = await fsp.stat(temporary);
      return {
        path: temporary,
        size,
        async commit(objectKey) {
          const target = pathOf(objectKey);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.rename(temporary, target);
        },
        discard,
      };
    },
  };
}

/** A day: far longer than any upload takes, so a file this old belongs to a process that died. */
const abandonedAfterMs = 24 * 60 * 60 * 1000;

async function sweepIncoming(incoming: string): Promise<void> {
  const now = Date.now();
  for (const name of await fsp.readdir(incoming)) {
    const file = path.join(incoming, name);
    const info = await fsp.stat(file).catch(() => null);
    if (info && now - info.mtimeMs > abandonedAfterMs) await fsp.rm(file, { force: true });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
