import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioStreamUrl, createPlaybackSigner } from '../../infra/auth/playback-hmac.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFile, insertFile, patternBytes, temporaryFileStore } from './support/library-kit.ts';
import { adminFlagHeaders } from './support/usage-kit.ts';

// GET /api/audio-file/{id}/{hmac}/{n}: the stream URL get-audio-files hands out, with byte ranges
// for seeking, bound to the user, the login and the file (single playback login).

describe('GET /api/audio-file/{id}/{hmac}/{n}', () => {
  const store = temporaryFileStore();
  const wavBytes = patternBytes(5000);
  const mp3Bytes = patternBytes(1234);
  let t: TestApp;
  let wav: number;
  let mp3: number;
  let silent: number;
  let silentFile: number;

  beforeAll(async () => {
    t = await buildTestApp({ database: 'postgres', files: store.files });
    const wavFile = await insertFile(t, store.files, { name: 'tune.wav', contentType: 'audio/wav', bytes: wavBytes });
    // An upload that arrived without a useful content type is known by its name.
    const mp3File = await insertFile(t, store.files, { name: 'talk.mp3', contentType: 'application/octet-stream', bytes: mp3Bytes });
    silentFile = await insertFile(t, store.files, { name: 'gone.wav', contentType: 'audio/wav', hasObject: false });
    wav = await insertAudioFile(t, { name: 'Tune', fileId: wavFile });
    mp3 = await insertAudioFile(t, { name: 'Talk', type: 'AudioProgram', fileId: mp3File });
    silent = await insertAudioFile(t, { name: 'Gone', fileId: silentFile });
  });
  afterAll(async () => {
    await t.close();
    store.remove();
  });

  const loginAs = async (user: TestUser) => ({ cookie: (await t.login(user)).cookie });
  const streamUrls = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/get-audio-files', headers, payload: { ids: [wav, mp3, silent] } });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Array<{ id: number; streamUrl: string | null; fileContentType: string | null }>;
    return new Map(items.map((i) => [i.id, i]));
  };
  const fetch = (url: string, headers: Record<string, string>, range?: string) =>
    t.app.inject({ method: 'GET', url, headers: range ? { ...headers, range } : headers });
  const expectDenied = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { kind: 'AccessDenied', message: 'Access denied' } });
  };

  it('should send the whole file with its content type', async () => {
    const headers = await loginAs(await t.createUser());
    const urls = await streamUrls(headers);
    const response = await fetch(urls.get(wav)!.streamUrl!, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(5000);
    expect(response.rawPayload.equals(wavBytes)).toBe(true);

    expect(urls.get(mp3)!.fileContentType).toBe('application/octet-stream');
    const talk = await fetch(urls.get(mp3)!.streamUrl!, headers);
    expect(talk.headers['content-type']).toBe('audio/mpeg');
    expect(talk.rawPayload.equals(mp3Bytes)).toBe(true);
    expect(urls.get(silent)!.streamUrl).toBeNull();
  });

  it('should answer byte ranges with 206 and the exact bytes', async () => {
    const headers = await loginAs(await t.createUser());
    const url = (await streamUrls(headers)).get(wav)!.streamUrl!;
    const cases: Array<[range: string, start: number, end: number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=4990-', 4990, 4999],
      ['bytes=-300', 4700, 4999],
      ['bytes=4900-99999', 4900, 4999],
      ['bytes=-9000', 0, 4999],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetch(url, headers, range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/5000`);
      expect(Number(response.headers['content-length']), range).toBe(end - start + 1);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.rawPayload.equals(wavBytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('should answer 416 for a range beyond the end and ignore a malformed one', async () => {
    const headers = await loginAs(await t.createUser());
    const url = (await streamUrls(headers)).get(wav)!.streamUrl!;
    for (const range of ['bytes=5000-', 'bytes=9000-9999', 'bytes=-0']) {
      const response = await fetch(url, headers, range);
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */5000');
      expect(response.json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
    }
    for (const range of ['bytes=abc', 'items=0-10', 'bytes=0-10,20-30', 'bytes=50-10']) {
      const response = await fetch(url, headers, range);
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.equals(wavBytes)).toBe(true);
    }
  });

  it('should refuse a wrong hmac, another file\'s hmac and another user\'s URL with AccessDenied', async () => {
    const alice = await loginAs(await t.createUser());
    const bob = await loginAs(await t.createUser());
    const aliceUrl = (await streamUrls(alice)).get(wav)!.streamUrl!;
    const [, , , id, hmac, n] = aliceUrl.split('/');
    const flipped = `${hmac!.startsWith('A') ? 'B' : 'A'}${hmac!.slice(1)}`;
    expectDenied(await fetch(`/api/audio-file/${id}/${flipped}/${n}`, alice));
    expectDenied(await fetch(`/api/audio-file/${id}/${hmac!.slice(0, 20)}/${n}`, alice));
    expectDenied(await fetch(`/api/audio-file/${mp3}/${hmac}/${n}`, alice));
    expectDenied(await fetch(aliceUrl, bob));
    expectDenied(await fetch(aliceUrl, bob, 'bytes=0-99'));
    expect((await fetch(aliceUrl, {})).statusCode).toBe(401);
    expect((await fetch(aliceUrl, alice)).statusCode).toBe(200);
  });

  it('should end playback of an older login when the same account logs in again', async () => {
    const user = await t.createUser();
    const older = await loginAs(user);
    const olderUrl = (await streamUrls(older)).get(wav)!.streamUrl!;
    expect((await fetch(olderUrl, older, 'bytes=0-99')).statusCode).toBe(206);
    const newer = await loginAs(user);
    expectDenied(await fetch(olderUrl, older, 'bytes=100-199'));
    const newerUrl = (await streamUrls(newer)).get(wav)!.streamUrl!;
    expect(newerUrl).not.toBe(olderUrl);
    expect((await fetch(newerUrl, newer, 'bytes=100-199')).statusCode).toBe(206);
    // The newer login's URL is useless with the older login's cookie too.
    expectDenied(await fetch(newerUrl, older));
  });

  it('should keep both logins playing with allowMultiLogin, and an admin-password session always', async () => {
    const user = await t.createUser({ config: { allowMultiLogin: true } });
    const older = await loginAs(user);
    const olderUrl = (await streamUrls(older)).get(wav)!.streamUrl!;
    const newer = await loginAs(user);
    expect((await fetch(olderUrl, older, 'bytes=0-9')).statusCode).toBe(206);
    expect((await fetch((await streamUrls(newer)).get(wav)!.streamUrl!, newer, 'bytes=0-9')).statusCode).toBe(206);

    const other = await t.createUser();
    const admin = await adminFlagHeaders(t, other, new Date());
    await loginAs(other);
    expect((await fetch((await streamUrls(admin)).get(wav)!.streamUrl!, admin, 'bytes=0-9')).statusCode).toBe(206);
  });

  it('should answer NotFound when the file has no stored audio and ValidationError for a malformed URL', async () => {
    const user = await t.createUser();
    const headers = await loginAs(user);
    const [row] = await t.sql.query<{ last_session_token: string }>('SELECT last_session_token FROM users WHERE id = $1', [user.id]);
    // Signed the way the server signs, for a file get-audio-files offers no URL for.
    const signer = createPlaybackSigner('test-jwt-secret-of-enough-length!');
    const response = await fetch(audioStreamUrl(signer, user.id, row!.last_session_token, silent, silentFile), headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { kind: 'NotFound' } });
    for (const url of [`/api/audio-file/abc/${'a'.repeat(43)}/1`, `/api/audio-file/${wav}/bad.signature/1`, `/api/audio-file/99999999999/${'a'.repeat(43)}/1`]) {
      const bad = await fetch(url, headers);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ error: { kind: 'ValidationError' } });
    }
  });
});
