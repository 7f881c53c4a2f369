import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { LibraryAudioFile, LibraryAudioFileList, LibraryChoices } from '../../schemas/api/library-admin.ts';
import { GetAudioFilesResponse } from '../../schemas/api/library.ts';
import { UploadedFiles } from '../../schemas/api/uploads.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { silentMp3, silentMp3Seconds } from '../support/test-mp3.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { insertArtist, insertCategory, temporaryFileStore } from './support/library-kit.ts';
import { multipartBody, tinyPdf, type Part } from './support/multipart.ts';
import { postUsageLog } from './support/usage-kit.ts';

// The content library managed by operators (issue 18 item 3): an operator uploads a sound
// (POST /api/upload reads its length from the media), files it as an audio file with categories,
// artists and priorities, edits and deactivates it; every write audited, bad input refused with
// the field named and nothing written; plays counted by the warehouse, kept after deactivation.

describe.each(routeDatabases)('the managed content library on %s', (database) => {
  const store = temporaryFileStore();
  const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-library-admin-'));
  let warehouse: Warehouse;
  let t: TestApp;
  let operator: TestUser;
  let caregiver: TestUser;
  const cookies = new Map<TestUser, Record<string, string>>();
  let waltzes: number;
  let evening: number;
  let choir: number;
  let pianist: number;

  beforeAll(async () => {
    warehouse = await connectTestWarehouse(chdbDir);
    t = await buildTestApp({ database, files: store.files, warehouse });
    // The demo operator has no messaging: uploading the library's sounds is theirs all the same.
    operator = await t.createUser({ operator: true, config: { messages: false, msgs: false } });
    caregiver = await t.createUser();
    for (const user of [operator, caregiver]) cookies.set(user, { cookie: (await t.login(user)).cookie });
    waltzes = await insertCategory(t, { name: 'Waltzes' });
    evening = await insertCategory(t, { name: 'Evening songs' });
    choir = await insertArtist(t, 'Village choir');
    pianist = await insertArtist(t, 'Night pianist');
  });
  afterAll(async () => {
    await t?.close();
    await warehouse?.close();
    store.remove();
    fs.rmSync(chdbDir, { recursive: true, force: true });
  });

  const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: user ? cookies.get(user) : {} });
  const upload = async (user: TestUser, parts: readonly Part[]) => {
    const { payload, headers } = multipartBody(parts);
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...cookies.get(user) } });
    expect(response.statusCode, response.body).toBe(200);
    return UploadedFiles.parse(response.json())[0]!;
  };
  const counts = async () => {
    const [row] = await t.sql.query<{ files: number; links: number; artists: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM audio_files) AS files, (SELECT count(*)::int FROM audio_file_categories) AS links,
              (SELECT count(*)::int FROM audio_file_artists) AS artists, (SELECT count(*)::int FROM logging) AS audits`,
    );
    return row!;
  };
  const search = async (query: string) => {
    const response = await send(caregiver, 'POST', '/api/get-audio-files', { query, offset: 0, limit: 10 });
    expect(response.statusCode, response.body).toBe(200);
    return GetAudioFilesResponse.parse(response.json()).items.map((i) => i.name);
  };

  let sound: { id: number; length?: number };
  let audioFile: LibraryAudioFile;

  it('should read the length of an uploaded sound from the media itself', async () => {
    sound = await upload(operator, [{ field: 'file0', filename: 'moonlight.mp3', contentType: 'application/octet-stream', bytes: silentMp3(5) }]);
    expect(sound.length).toBeCloseTo(silentMp3Seconds(5), 2);
    const [row] = await t.sql.query<{ length: number }>('SELECT length FROM files WHERE id = $1', [sound.id]);
    expect(Number(row!.length)).toBeCloseTo(silentMp3Seconds(5), 2);
    // A picture has no length.
    const pdf = await upload(operator, [{ field: 'file0', filename: 'menu.pdf', contentType: 'application/pdf', bytes: tinyPdf }]);
    expect(pdf.length).toBeUndefined();
  });

  it('should file the upload as an audio file with its categories, priorities and artists, audited', async () => {
    const before = await counts();
    const response = await send(operator, 'POST', '/api/library/audio-files', {
      fileId: sound.id,
      name: 'Moonlight waltz',
      artist: 'Village choir',
      categories: [
        { categoryId: waltzes, priority: 2 },
        { categoryId: evening, priority: 1 },
      ],
      artistIds: [choir],
    });
    expect(response.statusCode, response.body).toBe(200);
    audioFile = LibraryAudioFile.parse(response.json());
    expect(audioFile).toMatchObject({
      name: 'Moonlight waltz',
      type: 'MusicPiece',
      fileId: sound.id,
      length: Math.round(silentMp3Seconds(5)),
      active: true,
      artistIds: [choir],
      categories: [
        { categoryId: waltzes, priority: 2, name: 'Waltzes' },
        { categoryId: evening, priority: 1, name: 'Evening songs' },
      ],
    });
    const audits = await t.sql.query<{ table: string; action: string; user_id: number }>('SELECT "table", action, user_id FROM logging ORDER BY id DESC LIMIT 4');
    expect(audits.map((a) => `${a.table} ${a.action}`).sort()).toEqual(['audio_file_artists INSERT', 'audio_file_categories INSERT', 'audio_file_categories INSERT', 'audio_files INSERT']);
    expect(audits.every((a) => Number(a.user_id) === operator.id)).toBe(true);
    expect(await counts()).toEqual({ files: before.files + 1, links: before.links + 2, artists: before.artists + 1, audits: before.audits + 4 });
  });

  it('should let the caregiver find it in search', async () => {
    expect(await search('moonlight')).toEqual(['Moonlight waltz']);
  });

  it('should refuse bad input naming the field, writing nothing, not even an audit row', async () => {
    const pdf = await upload(operator, [{ field: 'file0', filename: 'menu.pdf', contentType: 'application/pdf', bytes: tinyPdf }]);
    const someoneElses = await upload(caregiver, [{ field: 'file0', filename: 'theirs.mp3', contentType: 'audio/mpeg', bytes: silentMp3(2) }]);
    const before = await counts();
    const cases: Array<[unknown, string, string]> = [
      [{ fileId: pdf.id, name: 'Menu' }, 'body.fileId', 'Not an audio file'],
      [{ fileId: someoneElses.id, name: 'Theirs' }, 'body.fileId', 'Unknown file'],
      [{ fileId: 2_000_000_000, name: 'Nothing' }, 'body.fileId', 'Unknown file'],
      [{ fileId: sound.id, name: 'X', categories: [{ categoryId: 2_000_000_000, priority: 1 }] }, 'body.categories.0.categoryId', 'Unknown category'],
      [{ fileId: sound.id, name: 'X', categories: [{ categoryId: waltzes }, { categoryId: waltzes }] }, 'body.categories.1.categoryId', 'The same category twice'],
      [{ fileId: sound.id, name: 'X', artistIds: [2_000_000_000] }, 'body.artistIds.0', 'Unknown artist'],
      [{ fileId: sound.id, name: '' }, 'body.name', ''],
      [{ fileId: sound.id, name: 'X', type: 'Podcast' }, 'body.type', ''],
      [{ fileId: sound.id, name: 'X', length: 99 }, 'body.length', ''],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(operator, 'POST', '/api/library/audio-files', payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      const body = response.json<{ error: { kind: string; details: { path: string; message: string }[] } }>().error;
      expect(body.kind, response.body).toBe('ValidationError');
      expect(body.details.map((d) => d.path)).toContain(field);
      if (message) expect(body.details.map((d) => d.message)).toContain(message);
    }
    const update = await send(operator, 'PUT', `/api/library/audio-files/${audioFile.id}`, { name: 'Moonlight waltz', categories: [{ categoryId: 2_000_000_000 }] });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json<{ error: { details: { path: string }[] } }>().error.details[0]!.path).toBe('body.categories.0.categoryId');
    expect(await counts()).toEqual(before);
  });

  it('should refuse everyone but operators', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/library/audio-files'],
      ['GET', '/api/library/choices'],
      ['POST', '/api/library/audio-files', { fileId: sound.id, name: 'Mine' }],
      ['PUT', `/api/library/audio-files/${audioFile.id}`, { name: 'Mine' }],
      ['POST', `/api/library/audio-files/${audioFile.id}/active`, { active: false }],
    ] as const) {
      expect((await send(caregiver, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('should edit categories, priorities and artists, auditing each change, and write nothing for an unchanged file', async () => {
    const before = await counts();
    const edit = { name: 'Moonlight waltz', artist: 'Village choir', categories: [{ categoryId: evening, priority: 5 }], artistIds: [choir, pianist] };
    const response = await send(operator, 'PUT', `/api/library/audio-files/${audioFile.id}`, edit);
    expect(response.statusCode, response.body).toBe(200);
    expect(LibraryAudioFile.parse(response.json())).toMatchObject({ categories: [{ categoryId: evening, priority: 5 }], artistIds: [choir, pianist].sort((a, b) => a - b) });
    const audits = await t.sql.query<{ table: string; action: string }>('SELECT "table", action FROM logging WHERE id > (SELECT max(id) - 4 FROM logging) ORDER BY id');
    expect(audits.map((a) => `${a.table} ${a.action}`)).toEqual(['audio_file_categories DELETE', 'audio_file_categories UPDATE', 'audio_file_artists INSERT', 'audio_files UPDATE']);
    expect(await counts()).toMatchObject({ links: before.links - 1, artists: before.artists + 1, audits: before.audits + 4 });
    const again = await counts();
    expect((await send(operator, 'PUT', `/api/library/audio-files/${audioFile.id}`, edit)).statusCode).toBe(200);
    expect(await counts()).toEqual(again);
    const choices = LibraryChoices.parse((await send(operator, 'GET', '/api/library/choices')).json());
    expect(choices.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Waltzes', 'Evening songs']));
    expect(choices.artists.map((a) => a.name)).toEqual(expect.arrayContaining(['Village choir', 'Night pianist']));
  });

  it('should count plays from the warehouse and keep them when the file is deactivated, which takes it out of search', async () => {
    const now = Date.now();
    const at = (seconds: number) => new Date(now - 3_600_000 + seconds * 1000).toISOString();
    const played = await postUsageLog(t, cookies.get(caregiver)!, { page: 'player', playLog: [0, 1, 2, 3].map((i) => ({ time: at(i * 30), audioFileId: audioFile.id, playPosition: i * 30 })) });
    expect(played.statusCode, played.body).toBe(200);
    await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => Date.now() })] });
    const listed = async () => LibraryAudioFileList.parse((await send(operator, 'GET', '/api/library/audio-files?query=moonlight')).json()).items[0]!;
    const before = await listed();
    expect(before.playCount).toBe(1);
    expect(Date.parse(before.lastPlay!)).toBe(Date.parse(at(0)));

    const audits = (await counts()).audits;
    const response = await send(operator, 'POST', `/api/library/audio-files/${audioFile.id}/active`, { active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(LibraryAudioFile.parse(response.json()).active).toBe(false);
    expect((await counts()).audits).toBe(audits + 1);
    expect(await search('moonlight')).toEqual([]);
    expect(await listed()).toMatchObject({ active: false, playCount: 1, lastPlay: before.lastPlay });

    expect((await send(operator, 'POST', `/api/library/audio-files/${audioFile.id}/active`, { active: true })).statusCode).toBe(200);
    expect(await search('moonlight')).toEqual(['Moonlight waltz']);
    expect((await send(operator, 'POST', '/api/library/audio-files/2000000000/active', { active: false })).statusCode).toBe(404);
  });
});
