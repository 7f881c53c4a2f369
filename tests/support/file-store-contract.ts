import { expect, it } from 'vitest';
import type { FileStore } from '../../infra/files/file-store.ts';

// What every FileStore promises, whatever keeps the bytes: the disk store's unit test and the
// object store's test against a real S3 peer run these same cases.

export const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

/** An upload's body in parts; throws instead of the part at `failAfter` (a connection cut short). */
export async function* chunks(parts: string[], failAfter?: number) {
  for (const [i, part] of parts.entries()) {
    if (i === failAfter) throw new Error('cut short');
    yield Buffer.from(part);
  }
}

export function fileStoreContract(storeOf: () => FileStore): void {
  it('should stream a byte range, inclusive at both ends, and refuse one past the end', async () => {
    const store = storeOf();
    await store.save('a.txt', Buffer.from('0123456789'));
    expect(await readAll(await store.openReadStream('a.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await readAll(await store.openReadStream('a.txt'))).toBe('0123456789');
    await expect(store.openReadStream('a.txt', { start: 5, end: 10 })).rejects.toMatchObject({ kind: 'InvalidRequest' });
  });

  it('should answer NotFound for a missing object', async () => {
    const store = storeOf();
    expect(await store.exists('missing.wav')).toBe(false);
    expect(await store.stat('missing.wav')).toBeNull();
    await expect(store.read('missing.wav')).rejects.toMatchObject({ kind: 'NotFound' });
    await expect(store.openReadStream('missing.wav')).rejects.toMatchObject({ kind: 'NotFound' });
  });

  it.each(['../secret', 'a/../../etc/passwd', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'a/ b', "x'; DROP TABLE files;--"])(
    'should refuse the key %j with InvalidRequest',
    async (key) => {
      const store = storeOf();
      await expect(store.save(key, Buffer.from('x'))).rejects.toMatchObject({ kind: 'InvalidRequest' });
      await expect(store.read(key)).rejects.toMatchObject({ kind: 'InvalidRequest' });
    },
  );
}
