import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config.ts';
import { createS3FileStore, type S3FileStore } from '../../infra/files/s3-file-store.ts';
import { chunks, fileStoreContract } from '../support/file-store-contract.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';

// The object-store adapter (issue 14's "or an object store when configured", issue 20's uploads
// across instances) against a real S3 wire peer: what the disk store promises in
// infra/files/file-store.unit.spec.ts, over S3's protocol.

describe('S3 file store', () => {
  let s3: S3Server;
  let dataDir: string;
  let store: S3FileStore;
  const incoming = () => path.join(dataDir, 'files', '.incoming');

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-s3-staging-'));
    // Through the configuration an operator writes, so the environment's names are proven too.
    const config = loadConfig({ DATA_DIR: dataDir, COOKIE_SECRET: 'c'.repeat(32), JWT_SECRET: 'j'.repeat(48), ...s3.env });
    store = createS3FileStore(config.s3!, config.dataDir);
    await store.ensureBucket();
  });
  afterAll(async () => {
    store?.close();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should save an object in the bucket by its key and read it back, with nothing under DATA_DIR/files', async () => {
    await store.save('audio/2024/song.wav', Buffer.from('hello sointu'));
    expect((await store.read('audio/2024/song.wav')).toString()).toBe('hello sointu');
    expect(await store.stat('audio/2024/song.wav')).toMatchObject({ size: 12 });
    expect(await store.exists('audio/2024/song.wav')).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files', 'audio'))).toBe(false);
  });

  fileStoreContract(() => store);

  it('should remove an object', async () => {
    await store.save('gone.txt', Buffer.from('bye'));
    await store.remove('gone.txt');
    expect(await store.stat('gone.txt')).toBeNull();
  });

  it('should keep an upload out of the bucket until it is committed, then put it whole and clear the staging file', async () => {
    const object = await store.receive(chunks(['hello ', 'upload']));
    expect(object.size).toBe(12);
    expect(fs.readFileSync(object.path, 'utf8')).toBe('hello upload');
    expect(await store.stat('uploads/1/a.txt')).toBeNull();
    await object.commit('uploads/1/a.txt');
    expect((await store.read('uploads/1/a.txt')).toString()).toBe('hello upload');
    expect(fs.readdirSync(incoming())).toEqual([]);
  });

  it('should leave nothing anywhere when an upload is cut short or discarded', async () => {
    await expect(store.receive(chunks(['half', 'way'], 1))).rejects.toThrow('cut short');
    const discarded = await store.receive(chunks(['never kept']));
    await discarded.discard();
    expect(fs.readdirSync(incoming())).toEqual([]);
  });
});
