import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore, isValidObjectKey, type FileStore } from './file-store.ts';

const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

describe('file store', () => {
  let dataDir: string;
  let store: FileStore;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-files-'));
    store = createFileStore(dataDir);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should save an object under DATA_DIR/files by its key and read it back', async () => {
    await store.save('audio/2024/song.wav', Buffer.from('hello sointu'));
    expect(fs.readFileSync(path.join(dataDir, 'files', 'audio', '2024', 'song.wav'), 'utf8')).toBe('hello sointu');
    expect((await store.read('audio/2024/song.wav')).toString()).toBe('hello sointu');
    expect(await store.stat('audio/2024/song.wav')).toMatchObject({ size: 12 });
    expect(fs.readdirSync(path.join(dataDir, 'files', 'audio', '2024'))).toEqual(['song.wav']);
  });

  it('should stream a byte range, inclusive at both ends', async () => {
    await store.save('a.txt', Buffer.from('0123456789'));
    expect(await readAll(await store.openReadStream('a.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await readAll(await store.openReadStream('a.txt'))).toBe('0123456789');
    await expect(store.openReadStream('a.txt', { start: 5, end: 10 })).rejects.toMatchObject({ kind: 'InvalidRequest' });
  });

  it('should answer NotFound for a missing object', async () => {
    expect(await store.exists('missing.wav')).toBe(false);
    expect(await store.stat('missing.wav')).toBeNull();
    await expect(store.read('missing.wav')).rejects.toMatchObject({ kind: 'NotFound' });
    await expect(store.openReadStream('missing.wav')).rejects.toMatchObject({ kind: 'NotFound' });
  });

  it.each(['../secret', 'a/../../etc/passwd', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'a/ b', "x'; DROP TABLE files;--"])(
    'should refuse the key %j with InvalidRequest',
    async (key) => {
      expect(isValidObjectKey(key)).toBe(false);
      await expect(store.save(key, Buffer.from('x'))).rejects.toMatchObject({ kind: 'InvalidRequest' });
      await expect(store.read(key)).rejects.toMatchObject({ kind: 'InvalidRequest' });
    },
  );
});
