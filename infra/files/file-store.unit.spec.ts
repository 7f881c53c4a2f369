import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunks, fileStoreContract } from '../../tests/support/file-store-contract.ts';
import { createFileStore, isValidObjectKey, type FileStore } from './file-store.ts';

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

  fileStoreContract(() => store);

  describe('receive', () => {
    const incoming = () => path.join(dataDir, 'files', '.incoming');

    it('should keep what arrives under no key until it is committed, then move it into place', async () => {
      const object = await store.receive(chunks(['hello ', 'upload']));
      expect(object.size).toBe(12);
      expect(fs.readdirSync(incoming())).toHaveLength(1);
      expect(fs.readdirSync(path.join(dataDir, 'files'))).toEqual(['.incoming']);
      await object.commit('uploads/1/a.txt');
      expect((await store.read('uploads/1/a.txt')).toString()).toBe('hello upload');
      expect(fs.readdirSync(incoming())).toEqual([]);
    });

    it('should leave nothing of a source that fails, or of one discarded', async () => {
      await expect(store.receive(chunks(['a', 'b', 'c'], 2))).rejects.toThrow('cut short');
      expect(fs.readdirSync(incoming())).toEqual([]);
      const object = await store.receive(chunks(['x']));
      await object.discard();
      expect(fs.readdirSync(incoming())).toEqual([]);
    });

    it('should clear what a process that died in an upload left a day ago, and nothing newer', async () => {
      fs.mkdirSync(incoming(), { recursive: true });
      const old = path.join(incoming(), 'old.part');
      const recent = path.join(incoming(), 'recent.part');
      fs.writeFileSync(old, 'left behind');
      fs.writeFileSync(recent, 'still arriving');
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
      await (await store.receive(chunks(['new']))).discard();
      expect(fs.readdirSync(incoming())).toEqual(['recent.part']);
    });
  });

  it.each(['../secret', 'a/../../etc/passwd', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'a/ b', "x'; DROP TABLE files;--"])('should not take %j for an object key', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });
});
