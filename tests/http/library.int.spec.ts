import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCover } from '../../tools/seed/cover-art.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { streams } from '../../schemas/events/index.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { insertArtist, insertAudioFile, insertCategory, insertFile, patternBytes, temporaryFileStore } from './support/library-kit.ts';

// The content library as the browser reads it: GET /api/categories, POST /api/get-audio-files,
// GET /api/audio-files-info, GET /api/audio-file-from-category/{id}, GET /api/file/{id} and its
// thumbnail, over a small library in a fresh database.

describe.each(routeDatabases)('content library on %s', (database) => {
  const store = temporaryFileStore();
  let t: TestApp;
  let headers: Record<string, string>;
  let owner: TestUser;
  const cat = { classics: 0, tangos: 0, exercise: 0, hidden: 0, video: 0, empty: 0 };
  const af = { ode: 0, tango: 0, minuet: 0, stretch: 0, hymn: 0, polka: 0, inactive: 0 };
  const file = { audio: 0, cover: 0, missing: 0, brokenImage: 0, page: 0 };
  const artist = { ensemble: 0, choir: 0 };
  const audioBytes = patternBytes(5000);
  const cover = renderCover({ top: [200, 80, 40], bottom: [20, 40, 160] }, 3);

  beforeAll(async () => {
    t = await buildTestApp({ database, files: store.files });
    owner = await t.createUser();
    headers = { cookie: (await t.login(owner)).cookie };
    cat.classics = await insertCategory(t, { name: 'Classics', priority: 3 });
    cat.tangos = await insertCategory(t, { name: 'Waltzes and Tangos', priority: 1 });
    cat.exercise = await insertCategory(t, { name: 'Morning Exercise', type: 'Program', contentType: 'Exercise', priority: 2 });
    cat.hidden = await insertCategory(t, { name: 'Old stuff', active: false });
    cat.video = await insertCategory(t, { name: 'Nature videos', type: 'Video', contentType: 'Video' });
    cat.empty = await insertCategory(t, { name: 'Empty stories', type: 'Program', contentType: 'Story' });
    artist.ensemble = await insertArtist(t, 'Sointu Ensemble');
    artist.choir = await insertArtist(t, 'Kotikallio Choir');
    file.audio = await insertFile(t, store.files, { name: 'ode to joy.wav', contentType: 'audio/wav', bytes: audioBytes });
    file.cover = await insertFile(t, store.files, { name: 'cover.png', contentType: 'image/png', bytes: cover });
    file.missing = await insertFile(t, store.files, { name: 'vimeo video', contentType: 'video/mp4', hasObject: false });
    file.page = await insertFile(t, store.files, { name: 'notice.html', contentType: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') });
    file.brokenImage = await insertFile(t, store.files, { name: 'broken.png', contentType: 'image/png', bytes: Buffer.from('not a png at all') });

    af.ode = await insertAudioFile(t, { name: 'Ode to Joy', artist: 'Sointu Ensemble', composer: 'Ludwig van Beethoven', description: '<p>A famous melody</p>', categories: [{ id: cat.classics, priority: 3 }, { id: cat.hidden }], artistIds: [artist.ensemble], fileId: file.audio, imageId: file.cover, length: 48, modifiedAt: '2026-03-01T00:00:00Z' });
    af.tango = await insertAudioFile(t, { name: 'Blue Tango', artist: 'Demo Brass Band', composer: 'Leroy Anderson', description: 'Dance music', categories: [{ id: cat.tangos }], modifiedAt: '2026-02-01T00:00:00Z' });
    af.minuet = await insertAudioFile(t, { name: 'Minuet in G', artist: 'Sointu Ensemble', composer: 'Christian Petzold', description: 'Gentle', categories: [{ id: cat.classics }], modifiedAt: '2026-04-01T00:00:00Z' });
    af.stretch = await insertAudioFile(t, { name: 'Morning stretch', type: 'AudioProgram', artist: 'Aino Lehtonen', description: 'Stretching with joy', categories: [{ id: cat.exercise, priority: 2 }], artistIds: [artist.choir], modifiedAt: '2026-01-15T00:00:00Z' });
    af.hymn = await insertAudioFile(t, { name: 'Evening hymn', description: 'Calm', categories: [{ id: cat.classics }], artistIds: [artist.choir], modifiedAt: '2026-05-01T00:00:00Z' });
    af.polka = await insertAudioFile(t, { name: '100% Polka', artist: 'Demo Brass Band', categories: [{ id: cat.tangos }], modifiedAt: '2026-01-01T00:00:00Z' });
    af.inactive = await insertAudioFile(t, { name: 'Ode to Joy (old)', active: false, categories: [{ id: cat.classics }] });
    await makeFavoriteLists();
  });

  // Favorite lists through their events and the favorites projector, as the favorites commands make them.
  const lists = { evening: 9001, strangers: 9002 };
  let stranger: TestUser;
  async function makeFavoriteLists() {
    stranger = await t.createUser();
    const at = '2026-11-20T10:00:00.000Z';
    const favorited = (listId: number, userId: number, audioFileId: number, order: number) => ({
      id: crypto.randomUUID(),
      type: 'AudioFileFavorited' as const,
      data: { listId, userId, audioFileId, order, insertionTime: at, admin: false },
    });
    const created = (listId: number, userId: number, name: string) => ({ id: crypto.randomUUID(), type: 'FavoriteListCreated' as const, data: { listId, userId, name, description: '', at } });
    await t.store.append(streams.favoriteList(lists.evening), [created(lists.evening, owner.id, 'Evening'), favorited(lists.evening, owner.id, af.ode, 1), favorited(lists.evening, owner.id, af.hymn, 2), favorited(lists.evening, owner.id, af.tango, 3)]);
    await t.store.append(streams.defaultFavorites(owner.id), [favorited(0, owner.id, af.polka, 1), favorited(0, owner.id, af.ode, 2)]);
    await t.store.append(streams.favoriteList(lists.strangers), [created(lists.strangers, stranger.id, 'Not yours'), favorited(lists.strangers, stranger.id, af.minuet, 1)]);
    await t.store.append(streams.defaultFavorites(stranger.id), [favorited(0, stranger.id, af.stretch, 1)]);
    await projectAll({ log: t.store, sql: t.sql, projectors: [favoritesProjector] });
  }
  afterAll(async () => {
    await t.close();
    store.remove();
  });

  const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h });
  const audioFiles = (payload: object, h = headers) => t.app.inject({ method: 'POST', url: '/api/get-audio-files', headers: h, payload });
  const ids = async (payload: object) => {
    const response = await audioFiles(payload);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as Array<{ id: number }>).map((item) => item.id);
  };
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, kind: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { kind } });
  };

  describe('GET /api/categories', () => {
    const names = async (query = '') => {
      const response = await get(`/api/categories${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<{ name: string }>).map((c) => c.name);
    };

    it('should list the active categories by type, priority and name, with their active file counts', async () => {
      const response = await get('/api/categories');
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list.map((c: { name: string }) => c.name)).toEqual(['Classics', 'Waltzes and Tangos', 'Morning Exercise', 'Empty stories', 'Nature videos']);
      expect(list[0]).toEqual({ id: cat.classics, name: 'Classics', type: 'Music', description: null, contentType: 'Music', contentTypePriority: 3, active: true, usageReport: null, audioFileCount: 3 });
      expect(list.find((c: { id: number }) => c.id === cat.tangos).audioFileCount).toBe(2);
    });

    it('should filter by type, one or a comma list', async () => {
      expect(await names('?type=Program')).toEqual(['Morning Exercise', 'Empty stories']);
      expect(await names('?type=Music,Video')).toEqual(['Classics', 'Waltzes and Tangos', 'Nature videos']);
    });

    it('should filter by idList and never show an inactive category', async () => {
      expect(await names(`?idList=${cat.tangos},${cat.hidden},${cat.classics}`)).toEqual(['Classics', 'Waltzes and Tangos']);
    });

    it('should filter by part of the name, case-insensitively', async () => {
      expect(await names('?query=TANGO')).toEqual(['Waltzes and Tangos']);
      expect(await names('?query=nothing-like-this')).toEqual([]);
    });

    it('should find categories by their content with a wildcard-wrapped contentQuery', async () => {
      expect(await names(`?contentQuery=${encodeURIComponent('*stretch*')}`)).toEqual(['Morning Exercise']);
      expect(await names(`?contentQuery=${encodeURIComponent('%beethoven%')}`)).toEqual(['Classics']);
      expect(await names(`?contentQuery=${encodeURIComponent('*brass*')}&type=Music`)).toEqual(['Waltzes and Tangos']);
      // Without wildcards the whole name must match.
      expect(await names('?contentQuery=stretch')).toEqual([]);
      expect(await names(`?contentQuery=${encodeURIComponent('morning STRETCH')}`)).toEqual(['Morning Exercise']);
    });

    it('should answer ValidationError for a bad type or id list, and Unauthorized without a login', async () => {
      expectError(await get('/api/categories?type=Poetry'), 400, 'ValidationError');
      expectError(await get('/api/categories?idList=1,abc'), 400, 'ValidationError');
      expectError(await get('/api/categories?idList=99999999999'), 400, 'ValidationError');
      expectError(await get('/api/categories?colour=red'), 400, 'ValidationError');
      expectError(await get('/api/categories', {}), 401, 'Unauthorized');
    });
  });

  describe('POST /api/get-audio-files', () => {
    it('should answer the first page of the active files by name, with the total and every field', async () => {
      const response = await audioFiles({});
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.totalCount).toBe(6);
      expect(body.items.map((i: { id: number }) => i.id)).toEqual([af.polka, af.tango, af.hymn, af.minuet, af.stretch, af.ode]);
      expect(body.items.at(-1)).toEqual({
        id: af.ode,
        type: 'MusicPiece',
        name: 'Ode to Joy',
        stageTitle: null,
        artist: 'Sointu Ensemble',
        composer: 'Ludwig van Beethoven',
        description: '<p>A famous melody</p>',
        stageDescription: null,
        length: 48,
        track: null,
        album: null,
        // The inactive category is left out.
        categories: [{ categoryId: cat.classics, priority: 3, contentType: 'Music', categoryType: 'Music', categoryName: 'Classics' }],
        imageId: file.cover,
        fileId: file.audio,
        fileContentType: 'audio/wav',
        streamUrl: expect.stringMatching(new RegExp(`^/api/audio-file/${af.ode}/[A-Za-z0-9_-]{43}/${file.audio}$`)),
        userTagGroupId: null,
        queryBasicMatch: false,
        queryNameMatch: false,
        queryArtistMatch: false,
        queryDescriptionMatch: false,
        queryCategoriesMatch: false,
      });
      // No stored audio: nothing to stream.
      expect(body.items[0]).toMatchObject({ id: af.polka, fileId: null, streamUrl: null, fileContentType: null });
    });

    it('should filter by ids and by type', async () => {
      expect(await ids({ ids: [af.ode, af.minuet, af.inactive] })).toEqual([af.minuet, af.ode]);
      expect(await ids({ type: 'AudioProgram' })).toEqual([af.stretch]);
      expect(await ids({ type: ['MusicPiece'] })).toEqual([af.polka, af.tango, af.hymn, af.minuet, af.ode]);
      expect(await ids({ ids: [] })).toEqual([]);
      // No category chosen is no category filter.
      expect(await ids({ categoryIds: [], type: [] })).toHaveLength(6);
    });

    it('should search free text and flag which parts matched', async () => {
      const joy = (await audioFiles({ query: 'JOY' })).json();
      expect(joy.totalCount).toBe(2);
      expect(joy.items).toMatchObject([
        { id: af.stretch, queryNameMatch: false, queryArtistMatch: false, queryDescriptionMatch: true, queryCategoriesMatch: false, queryBasicMatch: false },
        { id: af.ode, queryNameMatch: true, queryArtistMatch: false, queryDescriptionMatch: false, queryCategoriesMatch: false, queryBasicMatch: true },
      ]);
      const classics = (await audioFiles({ query: 'classics' })).json();
      expect(classics.items.map((i: { id: number }) => i.id)).toEqual([af.hymn, af.minuet, af.ode]);
      expect(classics.items.every((i: { queryCategoriesMatch: boolean; queryBasicMatch: boolean }) => i.queryCategoriesMatch && !i.queryBasicMatch)).toBe(true);
      // The linked artist's name counts as the artist.
      expect((await audioFiles({ query: 'choir' })).json().items).toMatchObject([
        { id: af.hymn, queryArtistMatch: true, queryBasicMatch: true },
        { id: af.stretch, queryArtistMatch: true, queryBasicMatch: true },
      ]);
    });

    it('should filter by name, artist (credit, composer or linked artist) and description', async () => {
      expect(await ids({ name: 'minuet' })).toEqual([af.minuet]);
      // A typed % is a percent sign, not a wildcard.
      expect(await ids({ name: '%' })).toEqual([af.polka]);
      expect(await ids({ artist: 'sointu' })).toEqual([af.minuet, af.ode]);
      expect(await ids({ artist: 'Beethoven' })).toEqual([af.ode]);
      expect(await ids({ artist: 'kotikallio' })).toEqual([af.hymn, af.stretch]);
      expect(await ids({ description: 'CALM' })).toEqual([af.hymn]);
      expect(await ids({ name: 'o', artist: 'brass', description: 'dance' })).toEqual([af.tango]);
    });

    it('should find similar files by a shared artist, without the files themselves', async () => {
      expect(await ids({ similarIds: [af.ode] })).toEqual([af.minuet]);
      expect(await ids({ similarIds: [af.tango] })).toEqual([af.polka]);
      expect(await ids({ similarIds: [af.hymn] })).toEqual([af.stretch]);
      expect(await ids({ similarIds: [af.hymn, af.stretch] })).toEqual([]);
    });

    it('should filter by artistIds and categoryIds', async () => {
      expect(await ids({ artistIds: [artist.ensemble] })).toEqual([af.ode]);
      expect(await ids({ artistIds: [artist.choir] })).toEqual([af.hymn, af.stretch]);
      expect(await ids({ categoryIds: [cat.tangos] })).toEqual([af.polka, af.tango]);
      expect(await ids({ categoryIds: [cat.classics, cat.exercise] })).toEqual([af.hymn, af.minuet, af.stretch, af.ode]);
      expect(await ids({ categoryIds: [cat.empty] })).toEqual([]);
      expect(await ids({ type: 'MusicPiece', categoryIds: [cat.classics], artist: 'sointu' })).toEqual([af.minuet, af.ode]);
    });

    it('should sort by name, newest id and latest modification', async () => {
      const all = [af.ode, af.tango, af.minuet, af.stretch, af.hymn, af.polka];
      expect(await ids({ sort: 'id-desc' })).toEqual([...all].sort((a, b) => b - a));
      expect(await ids({ sort: 'modified-desc' })).toEqual([af.hymn, af.minuet, af.ode, af.tango, af.stretch, af.polka]);
      expect(await ids({ sort: 'name-asc' })).toEqual([af.polka, af.tango, af.hymn, af.minuet, af.stretch, af.ode]);
    });

    it('should page with offset and limit, and count past the last page', async () => {
      const page = (await audioFiles({ offset: 2, limit: 2 })).json();
      expect(page).toMatchObject({ totalCount: 6, items: [{ id: af.hymn }, { id: af.minuet }] });
      expect((await audioFiles({ offset: 5, limit: 10 })).json().items.map((i: { id: number }) => i.id)).toEqual([af.ode]);
      expect((await audioFiles({ offset: 10 })).json()).toEqual({ totalCount: 6, items: [] });
      expect((await audioFiles({ limit: 1, categoryIds: [cat.tangos] })).json()).toMatchObject({ totalCount: 2, items: [{ id: af.polka }] });
    });

    it('should pick up to limit random files per category for a similarity query', async () => {
      const one = (await audioFiles({ similarityQuery: true, categoryIds: [cat.classics, cat.tangos], limit: 1 })).json();
      expect(one.items).toHaveLength(2);
      expect([af.ode, af.minuet, af.hymn]).toContain(one.items[0].id);
      expect([af.tango, af.polka]).toContain(one.items[1].id);
      const all = (await audioFiles({ similarityQuery: true, categoryIds: [cat.classics, cat.tangos], limit: 5 })).json();
      expect(all.totalCount).toBe(5);
      expect(all.items.map((i: { id: number }) => i.id).sort()).toEqual([af.ode, af.minuet, af.hymn, af.tango, af.polka].sort());
      expect((await audioFiles({ similarityQuery: true })).json()).toEqual({ totalCount: 0, items: [] });
    });

    it('should list a favorite list in its own order unless sorted, naming the list of each file', async () => {
      const evening = (await audioFiles({ userTagGroupIds: [lists.evening] })).json();
      expect(evening.totalCount).toBe(3);
      expect(evening.items.map((i: { id: number; userTagGroupId: number }) => [i.id, i.userTagGroupId])).toEqual([
        [af.ode, lists.evening],
        [af.hymn, lists.evening],
        [af.tango, lists.evening],
      ]);
      expect(await ids({ userTagGroupIds: [lists.evening], sort: 'name-asc' })).toEqual([af.tango, af.hymn, af.ode]);
      expect(await ids({ userTagGroupIds: [lists.evening], offset: 1, limit: 1 })).toEqual([af.hymn]);
      // List 0 is the caller's own default list, never another user's.
      expect(await ids({ userTagGroupIds: [0] })).toEqual([af.polka, af.ode]);
      expect(await ids({ userTagGroupIds: [0, lists.evening], categoryIds: [cat.tangos] })).toEqual([af.polka, af.tango]);
      const strangerHeaders = { cookie: (await t.login(stranger)).cookie };
      const theirs = await audioFiles({ userTagGroupIds: [0] }, strangerHeaders);
      expect(theirs.json().items.map((i: { id: number }) => i.id)).toEqual([af.stretch]);
      const info = await get(`/api/audio-files-info?userTagGroupIds=${lists.evening}&activeId=${af.tango}`);
      expect(info.json()).toEqual({ total: 3, beforeActive: 2 });
    });

    it('should refuse another user\'s favorite list with AccessDenied', async () => {
      const response = await audioFiles({ userTagGroupIds: [lists.strangers] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { kind: 'AccessDenied', message: 'Access denied' } });
      expectError(await audioFiles({ userTagGroupIds: [lists.evening, lists.strangers] }), 403, 'AccessDenied');
      expectError(await get(`/api/audio-files-info?userTagGroupIds=${lists.strangers}`), 403, 'AccessDenied');
      // A list that does not exist (any more) holds nothing.
      expect((await audioFiles({ userTagGroupIds: [424242] })).json()).toEqual({ totalCount: 0, items: [] });
    });

    it('should answer ValidationError for bad queries and Unauthorized without a login', async () => {
      for (const payload of [{ limit: 0 }, { limit: 1001 }, { offset: -1 }, { limit: 'ten' }, { sort: 'random' }, { ids: ['1'] }, { ids: [2_147_483_648] }, { type: 'Video' }, { colour: 'red' }, { query: 'x'.repeat(201) }]) {
        expectError(await audioFiles(payload), 400, 'ValidationError');
      }
      const notJson = await t.app.inject({ method: 'POST', url: '/api/get-audio-files', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"ids": [' });
      expect(notJson.statusCode).toBe(400);
      expectError(await audioFiles({}, {}), 401, 'Unauthorized');
    });
  });

  describe('GET /api/audio-files-info', () => {
    const info = async (query: string) => {
      const response = await get(`/api/audio-files-info${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    it('should count the matches and the ones sorted before the active file', async () => {
      expect(await info('')).toEqual({ total: 6, beforeActive: null });
      expect(await info(`?activeId=${af.minuet}`)).toEqual({ total: 6, beforeActive: 3 });
      expect(await info(`?activeId=${af.ode}&sort=id-desc`)).toEqual({ total: 6, beforeActive: 5 });
      expect(await info(`?activeId=${af.ode}&sort=modified-desc`)).toEqual({ total: 6, beforeActive: 2 });
      expect(await info(`?categoryIds=${cat.classics},${cat.exercise}&activeId=${af.stretch}`)).toEqual({ total: 4, beforeActive: 2 });
      expect(await info(`?categoryIds=${cat.tangos}&activeId=${af.ode}`)).toEqual({ total: 2, beforeActive: null });
      expect(await info(`?type=AudioProgram&query=joy`)).toEqual({ total: 1, beforeActive: null });
    });

    it('should answer ValidationError for bad parameters', async () => {
      expectError(await get('/api/audio-files-info?activeId=abc'), 400, 'ValidationError');
      expectError(await get('/api/audio-files-info?sort=best'), 400, 'ValidationError');
      expectError(await get('/api/audio-files-info?categoryIds=x'), 400, 'ValidationError');
    });
  });

  describe('GET /api/audio-file-from-category/{id}', () => {
    it('should pick an active file of the category, the same one for the same ts', async () => {
      const classics = [af.ode, af.minuet, af.hymn];
      const first = await get(`/api/audio-file-from-category/${cat.classics}?ts=1763800000000`);
      expect(first.statusCode).toBe(200);
      expect(classics).toContain(first.json().id);
      expect((await get(`/api/audio-file-from-category/${cat.classics}?ts=1763800000000`)).json().id).toBe(first.json().id);
      const picked = new Set<number>();
      for (let ts = 1763800000000; ts < 1763800000000 + 12; ts++) picked.add((await get(`/api/audio-file-from-category/${cat.classics}?ts=${ts}`)).json().id);
      expect(picked.size).toBeGreaterThan(1);
      expect([...picked].every((id) => classics.includes(id))).toBe(true);
    });

    it('should answer NotFound for an empty, inactive or unknown category and ValidationError for a bad id', async () => {
      expectError(await get(`/api/audio-file-from-category/${cat.empty}?ts=1`), 404, 'NotFound');
      expectError(await get(`/api/audio-file-from-category/${cat.hidden}?ts=1`), 404, 'NotFound');
      expectError(await get('/api/audio-file-from-category/999999?ts=1'), 404, 'NotFound');
      expectError(await get('/api/audio-file-from-category/abc'), 400, 'ValidationError');
      expectError(await get(`/api/audio-file-from-category/${cat.classics}?ts=-5`), 400, 'ValidationError');
    });
  });

  describe('GET /api/file/{id}', () => {
    it('should send the stored bytes with their content type, inline unless download=1', async () => {
      const inline = await get(`/api/file/${file.cover}`);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-type']).toBe('image/png');
      expect(inline.headers['accept-ranges']).toBe('bytes');
      expect(inline.headers['content-disposition']).toBeUndefined();
      expect(inline.rawPayload.equals(cover)).toBe(true);
      const download = await get(`/api/file/${file.cover}?download=1`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="cover.png"; filename*=UTF-8''cover.png`);
      expect(download.rawPayload.equals(cover)).toBe(true);
      expect(download.headers['content-security-policy']).toBeUndefined();
    });

    it('should refuse audio, which only the signed stream URL serves', async () => {
      expectError(await get(`/api/file/${file.audio}`), 403, 'AccessDenied');
      expectError(await get(`/api/file/${file.audio}?download=1`), 403, 'AccessDenied');
      expectError(await get(`/api/file/${file.audio}`, { range: 'bytes=0-99', ...headers }), 403, 'AccessDenied');
    });

    it('should keep an uploaded HTML page from running script as the user', async () => {
      const page = await get(`/api/file/${file.page}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html');
      expect(page.headers['content-security-policy']).toBe('sandbox');
    });

    it('should answer NotFound for an unknown file or one without stored bytes, ValidationError for bad input', async () => {
      expectError(await get('/api/file/999999'), 404, 'NotFound');
      expectError(await get(`/api/file/${file.missing}`), 404, 'NotFound');
      expectError(await get('/api/file/abc'), 400, 'ValidationError');
      expectError(await get(`/api/file/${file.cover}?download=yes`), 400, 'ValidationError');
      expectError(await get(`/api/file/${file.cover}`, {}), 401, 'Unauthorized');
    });
  });

  describe('GET /api/file/{id}/thumbnail', () => {
    it('should send a 250-pixel cover unchanged by default and scale it to another width', async () => {
      const asIs = await get(`/api/file/${file.cover}/thumbnail`);
      expect(asIs.statusCode).toBe(200);
      expect(asIs.headers['content-type']).toBe('image/png');
      expect(asIs.rawPayload.equals(Buffer.from(cover))).toBe(true);
      const small = await get(`/api/file/${file.cover}/thumbnail?width=100`);
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/png');
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
      // Never enlarged.
      const large = await get(`/api/file/${file.cover}/thumbnail?width=600`);
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 250, height: 250 });
    });

    it('should refuse files that are not images and bad widths', async () => {
      expectError(await get(`/api/file/${file.audio}/thumbnail`), 400, 'InvalidRequest');
      expectError(await get(`/api/file/${file.brokenImage}/thumbnail?width=100`), 400, 'InvalidRequest');
      expectError(await get(`/api/file/${file.cover}/thumbnail?width=abc`), 400, 'ValidationError');
      expectError(await get(`/api/file/${file.cover}/thumbnail?width=0`), 400, 'ValidationError');
      expectError(await get('/api/file/999999/thumbnail'), 404, 'NotFound');
    });
  });
});
