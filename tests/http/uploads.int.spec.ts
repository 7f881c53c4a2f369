import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { UploadedFiles, uploadSizeLimits } from '../../schemas/api/uploads.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { temporaryFileStore } from './support/library-kit.ts';
import { multipartBody, tinyPdf, type Part } from './support/multipart.ts';

// POST /api/upload (spec 1 and 3 section 7; issue 14 deliverable 6) and reading uploads back
// through GET /api/file/{id} and its thumbnail: types from the bytes, limits per kind, all or
// nothing, the uploader as owner, and who else may read an upload (domain/files/file-access.ts).

describe.each(routeDatabases)('uploads on %s', (database) => {
  const store = temporaryFileStore();
  let t: TestApp;
  let runner: ProjectionRunner;
  let uploader: TestUser;
  let recipient: TestUser;
  let recipientAdmin: TestUser;
  let outsider: TestUser;
  let noMessaging: TestUser;
  const cookies = new Map<TestUser, Record<string, string>>();
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ database, files: store.files });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    uploader = await t.createUser();
    recipient = await t.createUser();
    recipientAdmin = await t.createUser();
    outsider = await t.createUser();
    noMessaging = await t.createUser({ config: { messages: false, msgs: false } });
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [uploader.id, recipient.id]);
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [recipientAdmin.id, recipient.id]);
    for (const user of [uploader, recipient, recipientAdmin, outsider, noMessaging]) cookies.set(user, { cookie: (await t.login(user)).cookie });
    png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 80, b: 160 } } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    store.remove();
  });

  const upload = (user: TestUser | null, parts: readonly Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...(user ? cookies.get(user) : {}) } });
  };
  const uploaded = async (user: TestUser, parts: readonly Part[]) => {
    const response = await upload(user, parts);
    expect(response.statusCode, response.body).toBe(200);
    return UploadedFiles.parse(response.json());
  };
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: cookies.get(user) });
  const fileRows = async () => Number((await t.sql.query<{ n: string }>('SELECT count(*) AS n FROM files'))[0]!.n);
  /** Every stored object and every temporary file left behind. */
  const storedPaths = () => (fs.existsSync(store.files.root) ? (fs.readdirSync(store.files.root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(store.files.root, p)).isFile()) : []);
  const expectNothingStored = async (rowsBefore: number, objectsBefore: string[]) => {
    expect(await fileRows()).toBe(rowsBefore);
    expect(storedPaths().sort()).toEqual([...objectsBefore].sort());
  };
  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { kind: string; details?: { path: string; message: string }[] } }).error;

  describe('POST /api/upload', () => {
    it('should take a PNG named .txt as a PNG: the bytes decide, not the name or the declared type', async () => {
      const [file] = await uploaded(uploader, [{ field: 'file0', filename: 'notes.txt', contentType: 'text/plain', bytes: png }]);
      expect(file).toEqual({ id: expect.any(Number), name: 'notes.txt', contentType: 'image/png', size: png.length });
      const [row] = await t.sql.query<{ user_id: number; content_type: string; object_key: string; size: string }>('SELECT user_id, content_type, object_key, size FROM files WHERE id = $1', [file!.id]);
      expect(row).toMatchObject({ user_id: uploader.id, content_type: 'image/png' });
      expect(Number(row!.size)).toBe(png.length);
      expect(Buffer.compare(await store.files.read(row!.object_key), png)).toBe(0);
      // Reference data: audited with who uploaded it.
      const audit = await t.sql.query<{ user_id: number }>(`SELECT user_id FROM logging WHERE "table" = 'files' AND (new_data->>'id')::integer = $1`, [file!.id]);
      expect(audit).toEqual([{ user_id: uploader.id }]);
    });

    it('should refuse a text file named .png, naming the field, and store nothing', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      const response = await upload(uploader, [{ field: 'file0', filename: 'photo.png', contentType: 'image/png', bytes: 'just some words, not a picture at all' }]);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.file0' }] });
      await expectNothingStored(rows, objects);
    });

    it('should refuse a type it does not take (a WAV sound, an SVG picture), whatever it is named', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(5000, 1)]);
      for (const bytes of [wav, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']) {
        const response = await upload(uploader, [{ field: 'file0', filename: 'song.mp3', contentType: 'audio/mpeg', bytes }]);
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response).details).toEqual([{ path: 'body.file0', message: expect.stringContaining('Not a supported file type') }]);
      }
      await expectNothingStored(rows, objects);
    });

    it('should store several files and answer them in field order', async () => {
      const files = await uploaded(uploader, [
        { field: 'file1', filename: 'menu.pdf', contentType: 'application/pdf', bytes: tinyPdf },
        { field: 'file0', filename: 'Äiti ja mummo.jpg', contentType: 'image/jpeg', bytes: jpeg },
        { field: 'file2', filename: 'C:\\Users\\aino\\Pictures\\garden.png', contentType: 'image/png', bytes: png },
      ]);
      expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([
        ['Äiti ja mummo.jpg', 'image/jpeg', jpeg.length],
        ['menu.pdf', 'application/pdf', tinyPdf.length],
        ['garden.png', 'image/png', png.length],
      ]);
      expect(new Set(files.map((f) => f.id)).size).toBe(3);
    });

    it('should store nothing of a request in which one file fails, even after others passed', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      const response = await upload(uploader, [
        { field: 'file0', filename: 'a.png', contentType: 'image/png', bytes: png },
        { field: 'file1', filename: 'b.png', contentType: 'image/png', bytes: 'not an image' },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).details).toEqual([{ path: 'body.file1', message: expect.any(String) }]);
      await expectNothingStored(rows, objects);
    });

    it('should refuse an image that does not decode (cut short, corrupt) with 400 naming the field, and store nothing', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      // Noise, so the pixel data is long enough to cut after the headers the sniff and sharp's metadata read.
      const noisy = sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
      const [noisyPng, noisyJpeg] = [await noisy.clone().png().toBuffer(), await noisy.clone().jpeg().toBuffer()];
      const corrupt = Buffer.from(noisyPng);
      corrupt.fill(0x55, 200, 4000);
      for (const [filename, bytes] of [['cut.png', noisyPng.subarray(0, noisyPng.length / 2)], ['cut.jpg', noisyJpeg.subarray(0, noisyJpeg.length / 2)], ['corrupt.png', corrupt]] as const) {
        const response = await upload(uploader, [{ field: 'file0', filename: 'fine.pdf', bytes: tinyPdf }, { field: 'file1', filename, bytes }]);
        expect(response.statusCode, `${filename}: ${response.body}`).toBe(400);
        expect(errorOf(response), filename).toEqual({ kind: 'ValidationError', message: expect.any(String), details: [{ path: 'body.file1', message: expect.stringContaining('Not a readable image') }] });
      }
      await expectNothingStored(rows, objects);
      // The whole images pass.
      expect((await uploaded(uploader, [{ field: 'file0', filename: 'whole.png', bytes: noisyPng }, { field: 'file1', filename: 'whole.jpg', bytes: noisyJpeg }])).map((f) => f.contentType)).toEqual(['image/png', 'image/jpeg']);
    });

    it('should refuse an image over its limit with 413 naming the field, and store nothing', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      const oversize = Buffer.concat([png, Buffer.alloc(uploadSizeLimits.image + 1 - png.length, 7)]);
      const response = await upload(uploader, [{ field: 'file0', filename: 'huge.png', contentType: 'image/png', bytes: oversize }]);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(413);
      expect(errorOf(response)).toMatchObject({ kind: 'PayloadTooLarge', details: [{ path: 'body.file0', message: 'Over the 20 MB limit of images' }] });
      await expectNothingStored(rows, objects);
    });

    it('should answer a body cut short, a body that is not multipart and odd fields with 400, storing nothing', async () => {
      const [rows, objects] = [await fileRows(), storedPaths()];
      const whole = multipartBody([{ field: 'file0', filename: 'a.png', contentType: 'image/png', bytes: png }]);
      const cut = await t.app.inject({ method: 'POST', url: '/api/upload', payload: whole.payload.subarray(0, 3000), headers: { ...whole.headers, ...cookies.get(uploader) } });
      expect(cut.statusCode, cut.body).toBe(400);
      const json = await t.app.inject({ method: 'POST', url: '/api/upload', payload: { file0: 'x' }, headers: cookies.get(uploader) });
      expect(json.statusCode, json.body).toBe(400);
      expect(errorOf(json)).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body' }] });
      const noBoundary = await t.app.inject({ method: 'POST', url: '/api/upload', payload: 'x', headers: { 'content-type': 'multipart/form-data', ...cookies.get(uploader) } });
      expect(noBoundary.statusCode, noBoundary.body).toBe(400);
      const cases: [Part[], string][] = [
        [[{ field: 'file0', bytes: 'a text field' }], 'body.file0'],
        [[{ field: 'photo', filename: 'a.png', bytes: png }], 'body'],
        [[{ field: '__proto__', filename: 'a.png', bytes: png }], 'body'],
        [[{ field: 'file0', filename: 'a.png', bytes: png }, { field: 'file0', filename: 'b.png', bytes: png }], 'body.file0'],
        [[{ field: 'file0', filename: 'empty.png', bytes: '' }], 'body.file0'],
        [[{ field: 'file0', filename: 'a\u0000.png', bytes: png }], 'body.file0.filename'],
        [[], 'body.file0'],
        [Array.from({ length: 11 }, (_, i) => ({ field: `file${i}`, filename: `${i}.pdf`, bytes: tinyPdf })), 'body'],
      ];
      for (const [parts, named] of cases) {
        const response = await upload(uploader, parts);
        expect(response.statusCode, `${named}: ${response.body}`).toBe(400);
        expect(errorOf(response), named).toMatchObject({ kind: 'ValidationError', details: [{ path: named }] });
      }
      await expectNothingStored(rows, objects);
    });

    it('should be for logged-in users with messaging only', async () => {
      const part: Part[] = [{ field: 'file0', filename: 'a.pdf', bytes: tinyPdf }];
      expect((await upload(null, part)).statusCode).toBe(401);
      const denied = await upload(noMessaging, part);
      expect(denied.statusCode, denied.body).toBe(403);
      expect(errorOf(denied).kind).toBe('AccessDenied');
    });
  });

  describe('reading an upload back', () => {
    it('should give the uploader the file and a thumbnail 250 px wide', async () => {
      const [file] = await uploaded(uploader, [{ field: 'file0', filename: 'garden.png', bytes: png }]);
      const whole = await get(uploader, `/api/file/${file!.id}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('image/png');
      expect(whole.rawPayload.length).toBe(png.length);
      const thumbnail = await get(uploader, `/api/file/${file!.id}/thumbnail?width=250`);
      expect(thumbnail.statusCode, thumbnail.body.slice(0, 200)).toBe(200);
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'png', width: 250, height: 167 });
      const [jpegFile] = await uploaded(uploader, [{ field: 'file0', filename: 'small.jpg', bytes: jpeg }]);
      // Never enlarged.
      expect(await sharp((await get(uploader, `/api/file/${jpegFile!.id}/thumbnail`)).rawPayload).metadata()).toMatchObject({ width: 64 });
    });

    it('should answer a thumbnail of an image stored broken (before uploads were decoded) 400, not 500', async () => {
      const noisy = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
      const cut = noisy.subarray(0, noisy.length / 2);
      const objectKey = `uploads/${uploader.id}/cut-${Date.now()}.png`;
      await store.files.save(objectKey, cut);
      const [row] = await t.sql.query<{ id: number }>(
        'INSERT INTO files (user_id, name, content_type, object_key, size, has_object) VALUES ($1, $2, $3, $4, $5, true) RETURNING id',
        [uploader.id, 'cut.png', 'image/png', objectKey, cut.length],
      );
      for (const width of [100, 300]) {
        const thumbnail = await get(uploader, `/api/file/${row!.id}/thumbnail?width=${width}`);
        expect(thumbnail.statusCode, `${width}: ${thumbnail.body}`).toBe(400);
        expect(errorOf(thumbnail)).toMatchObject({ kind: 'InvalidRequest', message: 'Not an image' });
      }
    });

    it("should keep someone else's upload from a user until it is attached to a message they can see", async () => {
      const [file] = await uploaded(uploader, [{ field: 'file0', filename: 'for-you.png', bytes: png }]);
      const readable = async (user: TestUser) => [(await get(user, `/api/file/${file!.id}`)).statusCode, (await get(user, `/api/file/${file!.id}/thumbnail`)).statusCode];
      for (const user of [recipient, recipientAdmin, outsider]) expect(await readable(user)).toEqual([404, 404]);

      const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
        const response = await t.app.inject({ method, url, payload, headers: cookies.get(uploader) });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { id: number };
      };
      const message = await call('POST', '/api/messages', { title: 'A picture from the garden', recipients: [{ id: recipient.id }] });
      await call('POST', '/api/message-items', { messageId: message.id, type: 'MediaFile', fileId: file!.id });
      await runner.waitUntilCaughtUp(20_000);
      // Still a draft: only its owner sees it.
      expect(await readable(recipient)).toEqual([404, 404]);
      await call('PUT', `/api/messages/${message.id}`, { sent: true });
      await runner.waitUntilCaughtUp(20_000);
      expect(await readable(recipient)).toEqual([200, 200]);
      expect(await readable(recipientAdmin)).toEqual([200, 200]);
      expect(await readable(outsider)).toEqual([404, 404]);
    });

    it('should serve an uploaded sound to its uploader, unlike library audio', async () => {
      // An MPEG-1 layer III frame header, then silence.
      const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(5000)]);
      const [file] = await uploaded(uploader, [{ field: 'file0', filename: 'voice.mp3', bytes: mp3 }]);
      expect(file!.contentType).toBe('audio/mpeg');
      expect((await get(uploader, `/api/file/${file!.id}`)).statusCode).toBe(200);
      expect((await get(outsider, `/api/file/${file!.id}`)).statusCode).toBe(404);
    });
  });
});
