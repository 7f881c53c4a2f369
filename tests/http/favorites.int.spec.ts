import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { bothDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { adminFlagHeaders, insertAudioFiles, testClock } from './support/usage-kit.ts';

// Every favorites call of spec 1 section 7: commands append to favorite-list-{id} /
// favorites-{userId}, the favorites projector builds the read model, the queries read it back.
// Only a list's maker changes it; lists shared by a user group or an administrator are read-only.

type Headers = Record<string, string>;

describe.each(bothDatabases)('favorites on %s', (database) => {
  const clock = testClock('2026-11-22T08:00:00.000Z');
  let t: TestApp;
  let files: number[];
  let recipes: number[];
  let user: TestUser;
  let headers: Headers;

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    files = await insertAudioFiles(t, 6);
    recipes = [];
    for (const name of ['Morning', 'Evening']) {
      const [row] = await t.sql.query<{ id: number }>('INSERT INTO recipes (name) VALUES ($1) RETURNING id', [name]);
      recipes.push(row!.id);
    }
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set('2026-11-22T08:00:00.000Z');
    // Creating lists needs the flag (spec 1 section 3); these tests are about what lists do.
    user = await t.createUser({ config: { canCreateFavoriteLists: true } });
    headers = { cookie: (await t.login(user)).cookie };
  });

  const project = () => projectAll({ log: t.store, sql: t.sql, projectors: [favoritesProjector] });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h: Headers = headers) =>
    t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h: Headers = headers) => {
    const response = await call(method, url, payload, h);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const createList = (name: string, h: Headers = headers, extra: object = {}) => ok('POST', '/api/user-tag-groups', { name, description: '', ...extra }, h);
  const favorite = (userTagGroupId: number | string, audioFileId: number | string, value = true, h: Headers = headers, extra: object = {}) =>
    ok('PUT', '/api/set-audio-file-favorite', { userTagGroupId, audioFileId, value, ...extra }, h);
  const favorites = async (query: string, h: Headers = headers) => {
    await project();
    return ok('GET', `/api/favorites?${query}`, undefined, h);
  };
  const listIds = async (listId: number, h: Headers = headers) => (await favorites(`userTagGroupIdList=${listId}`, h)).audioFiles.map((f: { audioFileId: number }) => f.audioFileId);
  const expectDenied = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, h: Headers) => {
    const response = await call(method, url, payload, h);
    expect(response.statusCode, `${method} ${url}`).toBe(403);
    expect(response.json().error.kind).toBe('AccessDenied');
  };
  const newUser = async (config: Record<string, unknown> = {}) => {
    const other = await t.createUser({ config: { canCreateFavoriteLists: true, ...config } });
    return { user: other, headers: { cookie: (await t.login(other)).cookie } };
  };

  describe('PUT /api/set-audio-file-favorite and GET /api/favorites', () => {
    it('should add files with order max + 1 and the insertion time, and answer them with their audio file fields', async () => {
      const list = await createList('Evening');
      expect(list).toMatchObject({ name: 'Evening', canModify: true, userId: user.id, audioFileCount: 0 });
      const first = await favorite(list.id, files[0]!);
      expect(first).toEqual({ userTagGroupId: list.id, audioFileId: files[0], value: true, order: 1, insertionTime: '2026-11-22T08:00:00.000Z', changed: true });
      clock.set(clock.at(60));
      // Ids as strings are coerced to numbers (spec 1 section 7).
      expect((await favorite(String(list.id), String(files[1]))).order).toBe(2);
      expect((await favorite(list.id, files[1]!)).changed).toBe(false);
      expect((await favorite(list.id, files[2]!, true, headers, { order: 7, insertionTime: '2026-01-01T10:00:00+02:00' }))).toMatchObject({ order: 7, insertionTime: '2026-01-01T08:00:00.000Z' });

      const all = await favorites(`userTagGroupIdList=${list.id}`);
      expect(all.totalCount).toBe(3);
      expect(all.audioFiles[0]).toEqual({
        listId: list.id, audioFileId: files[0], order: 1, insertionTime: '2026-11-22T08:00:00.000Z', admin: false,
        type: 'MusicPiece', name: 'Tune 0', artist: null, composer: null, album: null, length: 180, fileId: null, imageId: null, active: true,
      });
      expect(all.audioFiles.map((f: { audioFileId: number }) => f.audioFileId)).toEqual([files[0], files[1], files[2]]);
      expect(all.audioFiles[1].insertionTime).toBe('2026-11-22T08:01:00.000Z');

      const page = await favorites(`userTagGroupIdList=${list.id}&offset=1&limit=1`);
      expect(page.totalCount).toBe(3);
      expect(page.audioFiles.map((f: { audioFileId: number }) => f.audioFileId)).toEqual([files[1]]);

      const removed = await favorite(list.id, files[0]!, false);
      expect(removed).toMatchObject({ value: false, order: null, insertionTime: null, changed: true });
      expect(await listIds(list.id)).toEqual([files[1], files[2]]);
    });

    it('should keep order unique in a list: a requested order another file holds moves that file down', async () => {
      const list = await createList('Unique');
      await favorite(list.id, files[0]!);
      await favorite(list.id, files[1]!);
      expect((await favorite(list.id, files[2]!, true, headers, { order: 1 })).order).toBe(1);
      const orders = (await favorites(`userTagGroupIdList=${list.id}`)).audioFiles.map((f: { audioFileId: number; order: number }) => [f.audioFileId, f.order]);
      expect(orders).toEqual([
        [files[2], 1],
        [files[0], 2],
        [files[1], 3],
      ]);
    });

    it("should keep each user's default list 0 apart, and add the easy list to it", async () => {
      const other = await newUser();
      await favorite(0, files[3]!);
      await favorite(0, files[4]!, true, other.headers);
      expect(await listIds(0)).toEqual([files[3]]);
      expect(await listIds(0, other.headers)).toEqual([files[4]]);

      const easyUser = await newUser({ easyFavoriteListName: 'Easy' });
      const easy = await createList('Easy', easyUser.headers);
      await favorite(easy.id, files[5]!, true, easyUser.headers);
      await favorite(0, files[0]!, true, easyUser.headers);
      const both = await favorites('userTagGroupIdList=0', easyUser.headers);
      expect(both.audioFiles.map((f: { listId: number; audioFileId: number }) => [f.listId, f.audioFileId])).toEqual([[0, files[0]], [easy.id, files[5]]]);
      const easyLast = await favorites(`userTagGroupIdList=0&sortLastUserTagGroupId=0`, easyUser.headers);
      expect(easyLast.audioFiles.map((f: { listId: number }) => f.listId)).toEqual([easy.id, 0]);
    });

    it('should mark files added in an admin-password session', async () => {
      const admin = await adminFlagHeaders(t, user, clock.now());
      await favorite(0, files[0]!, true, admin);
      expect((await favorites('userTagGroupIdList=0')).audioFiles[0].admin).toBe(true);
    });

    it('should refuse unknown files, bad ids and callers without a session', async () => {
      const unknown = await call('PUT', '/api/set-audio-file-favorite', { userTagGroupId: 0, audioFileId: 99_999_999, value: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.kind).toBe('ValidationError');
      const bad = await call('PUT', '/api/set-audio-file-favorite', { userTagGroupId: 'x', audioFileId: files[0], value: true });
      expect(bad.json().error.kind).toBe('ValidationError');
      expect((await call('GET', '/api/favorites?userTagGroupIdList=a')).json().error.kind).toBe('ValidationError');
      expect((await call('GET', '/api/favorites', undefined, {})).statusCode).toBe(401);
      // A list never created has nothing to change.
      expect((await call('PUT', '/api/set-audio-file-favorite', { userTagGroupId: 987_654, audioFileId: files[0], value: true })).json().error.kind).toBe('NotFound');
    });
  });

  describe('PUT /api/set-audio-file-favorite-order', () => {
    it('should move a file up and down by swapping with its neighbour', async () => {
      const list = await createList('Order');
      for (const file of files.slice(0, 3)) await favorite(list.id, file);
      const up = await ok('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: list.id, audioFileId: files[2], order: 3, direction: 'up' });
      expect(up).toEqual({ userTagGroupId: list.id, moved: [{ audioFileId: files[2], order: 2 }, { audioFileId: files[1], order: 3 }], changed: true });
      expect(await listIds(list.id)).toEqual([files[0], files[2], files[1]]);
      await ok('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: list.id, audioFileId: files[0], direction: 'down' });
      expect(await listIds(list.id)).toEqual([files[2], files[0], files[1]]);
      const top = await ok('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: list.id, audioFileId: files[2], direction: 'up' });
      expect(top.changed).toBe(false);
      const orders = (await favorites(`userTagGroupIdList=${list.id}`)).audioFiles.map((f: { order: number }) => f.order);
      expect(orders).toEqual([1, 2, 3]);
    });
  });

  describe('PUT /api/set-recipe-favorite', () => {
    it('should set and clear recipe favorites', async () => {
      const list = await createList('Recipes');
      expect(await ok('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: recipes[1], value: true })).toEqual({ userTagGroupId: list.id, recipeId: recipes[1], value: true, changed: true });
      await ok('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: String(recipes[0]), value: true });
      const read = await favorites(`userTagGroupIdList=${list.id}`);
      expect(read.recipes.map((r: { name: string }) => r.name)).toEqual(['Evening', 'Morning']);
      await ok('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: recipes[1], value: false });
      expect((await favorites(`userTagGroupIdList=${list.id}`)).recipes).toEqual([{ listId: list.id, recipeId: recipes[0], name: 'Morning', insertionTime: expect.any(String), admin: false }]);
      const unknown = await call('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: 99_999_999, value: true });
      expect(unknown.json().error.kind).toBe('ValidationError');
    });
  });

  describe('/api/user-tag-groups', () => {
    it('should create, list, rename and remove lists', async () => {
      const a = await createList('Beta', headers, { description: '<p>b</p>' });
      const b = await createList('Alpha');
      await project();
      const lists = await ok('GET', '/api/user-tag-groups');
      expect(lists.map((l: { name: string }) => l.name)).toEqual(['Alpha', 'Beta']);
      expect(lists[1]).toEqual({
        id: a.id, name: 'Beta', description: '<p>b</p>', canModify: true, userId: user.id, userName: user.name, userGroupId: null,
        continuousPlay: false, activeEndTime: null, audioFileCount: 0,
      });
      const renamed = await ok('PUT', `/api/user-tag-groups/${b.id}`, { id: b.id, name: 'Gamma', description: 'new', canModify: true });
      expect(renamed).toMatchObject({ id: b.id, name: 'Gamma', description: 'new' });
      expect(await ok('DELETE', `/api/user-tag-groups/${a.id}`)).toEqual({ id: a.id, removed: true });
      await project();
      expect((await ok('GET', '/api/user-tag-groups')).map((l: { name: string }) => l.name)).toEqual(['Gamma']);
      expect((await call('DELETE', `/api/user-tag-groups/${a.id}`)).json().error.kind).toBe('NotFound');
      expect((await call('PUT', '/api/user-tag-groups/0', { name: 'Default' })).json().error.kind).toBe('InvalidRequest');
      expect((await call('DELETE', '/api/user-tag-groups/0')).json().error.kind).toBe('InvalidRequest');
      expect((await call('POST', '/api/user-tag-groups', { name: '   ' })).json().error.kind).toBe('ValidationError');
    });
  });

  describe('POST /api/set-active-user-tag-group', () => {
    const activeOf = async (h: Headers = headers) => {
      await project();
      return (await ok('GET', '/api/', undefined, h)).activeUserTagGroupId;
    };
    it('should make a list active in the current user, and none once the list is removed', async () => {
      const list = await createList('Active');
      expect(await ok('POST', '/api/set-active-user-tag-group', { userTagGroupId: list.id })).toEqual({ activeUserTagGroupId: list.id });
      expect(await activeOf()).toBe(list.id);
      await ok('POST', '/api/set-active-user-tag-group', { userTagGroupId: '0' });
      expect(await activeOf()).toBe(0);
      await ok('POST', '/api/set-active-user-tag-group', { userTagGroupId: list.id });
      await ok('DELETE', `/api/user-tag-groups/${list.id}`);
      expect(await activeOf()).toBeNull();
      expect((await call('POST', '/api/set-active-user-tag-group', { userTagGroupId: list.id })).json().error.kind).toBe('NotFound');
    });
  });

  describe("another user's lists", () => {
    it('should answer AccessDenied to every change, to reading a list not shared, and to making it active', async () => {
      const list = await createList('Private');
      await favorite(list.id, files[0]!);
      await favorite(list.id, files[1]!);
      const stranger = await newUser();
      const h = stranger.headers;
      await expectDenied('PUT', '/api/set-audio-file-favorite', { userTagGroupId: list.id, audioFileId: files[2], value: true }, h);
      await expectDenied('PUT', '/api/set-audio-file-favorite', { userTagGroupId: list.id, audioFileId: files[0], value: false }, h);
      await expectDenied('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: list.id, audioFileId: files[1], direction: 'up' }, h);
      await expectDenied('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: recipes[0], value: true }, h);
      await expectDenied('PUT', `/api/user-tag-groups/${list.id}`, { name: 'Mine now' }, h);
      await expectDenied('DELETE', `/api/user-tag-groups/${list.id}`, undefined, h);
      await expectDenied('POST', '/api/set-active-user-tag-group', { userTagGroupId: list.id }, h);
      const own = await createList('Own', h);
      await expectDenied('POST', '/api/copy-user-tag-group', { srcUserTagGroupId: list.id, dstUserTagGroupId: own.id }, h);
      await expectDenied('POST', '/api/copy-user-tag-group', { srcUserTagGroupId: own.id, dstUserTagGroupId: list.id }, h);
      await project();
      await expectDenied('GET', `/api/favorites?userTagGroupIdList=${list.id}`, undefined, h);
      expect((await ok('GET', '/api/user-tag-groups', undefined, h)).map((l: { id: number }) => l.id)).toEqual([own.id]);
      // Nothing changed.
      expect(await listIds(list.id)).toEqual([files[0], files[1]]);
      expect((await t.store.readStream(`favorite-list-${list.id}`)).map((e) => e.type)).toEqual(['FavoriteListCreated', 'AudioFileFavorited', 'AudioFileFavorited']);
    });

    it('should let group members and administered users read and copy a shared list, but not change it', async () => {
      const [group] = await t.sql.query<{ id: number }>(`INSERT INTO user_groups (name) VALUES ('Ward') RETURNING id`);
      await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [group!.id, user.id]);
      const shared = await createList('Shared', headers, { userGroupId: group!.id });
      await favorite(shared.id, files[3]!);
      await favorite(shared.id, files[4]!);
      await ok('PUT', '/api/set-recipe-favorite', { userTagGroupId: shared.id, recipeId: recipes[0], value: true });

      const member = await newUser();
      await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [group!.id, member.user.id]);
      await project();
      const seen = (await ok('GET', '/api/user-tag-groups', undefined, member.headers)).find((l: { id: number }) => l.id === shared.id);
      expect(seen).toMatchObject({ name: 'Shared', canModify: false, userId: user.id, userName: user.name, userGroupId: group!.id, audioFileCount: 2 });
      expect(await listIds(shared.id, member.headers)).toEqual([files[3], files[4]]);
      await expectDenied('PUT', '/api/set-audio-file-favorite', { userTagGroupId: shared.id, audioFileId: files[0], value: true }, member.headers);

      // Spec 1 section 5: a read-only list is copied, and the copy is the member's to change.
      const copy = await createList('Shared (copy)', member.headers);
      await favorite(copy.id, files[4]!, true, member.headers);
      const copied = await ok('POST', '/api/copy-user-tag-group', { srcUserTagGroupId: shared.id, dstUserTagGroupId: copy.id }, member.headers);
      expect(copied).toEqual({ dstUserTagGroupId: copy.id, audioFileCount: 1, recipeCount: 1 });
      await ok('POST', '/api/set-active-user-tag-group', { userTagGroupId: copy.id }, member.headers);
      const read = await favorites(`userTagGroupIdList=${copy.id}`, member.headers);
      expect(read.audioFiles.map((f: { audioFileId: number; order: number }) => [f.audioFileId, f.order])).toEqual([[files[4], 1], [files[3], 2]]);
      expect(read.recipes.map((r: { recipeId: number }) => r.recipeId)).toEqual([recipes[0]]);
      await ok('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: copy.id, audioFileId: files[3], direction: 'up' }, member.headers);
      expect(await listIds(copy.id, member.headers)).toEqual([files[3], files[4]]);
      // The source is untouched.
      expect(await listIds(shared.id)).toEqual([files[3], files[4]]);

      // An administrator's lists are read-only for the users they administer.
      const administered = await newUser();
      await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [user.id, administered.user.id]);
      const adminList = await createList('From the office');
      await favorite(adminList.id, files[5]!);
      await project();
      expect(await listIds(adminList.id, administered.headers)).toEqual([files[5]]);
      await ok('POST', '/api/copy-user-tag-group', { srcUserTagGroupId: adminList.id, dstUserTagGroupId: 0 }, administered.headers);
      expect(await listIds(0, administered.headers)).toEqual([files[5]]);
      await expectDenied('DELETE', `/api/user-tag-groups/${adminList.id}`, undefined, administered.headers);
    });
  });

  describe('reading right after a change', () => {
    it('should answer a change once the read model holds it, when this process runs the projections', async () => {
      const runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [favoritesProjector], pollIntervalMs: 5_000 });
      await runner.start();
      t.app.deps.projections = runner;
      try {
        const list = await createList('At once');
        await favorite(list.id, files[0]!);
        // No project() here: the next request waited for the running projector.
        expect((await ok('GET', '/api/user-tag-groups')).map((l: { id: number }) => l.id)).toEqual([list.id]);
        expect((await ok('GET', `/api/favorites?userTagGroupIdList=${list.id}`)).totalCount).toBe(1);
      } finally {
        delete t.app.deps.projections;
        await runner.stop();
      }
    });

    it('should answer from what it decided before a slow read model holds it, and make the next read wait for it', async () => {
      const list = await createList('Slow read model');
      await project();
      // The projector holds every batch until the test opens its gate: a command that waited for
      // the read model would never answer while it is shut (a state, not a time window).
      let projected = 0;
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      const slow = { ...favoritesProjector, apply: async (tx: Queryable, events: Parameters<typeof favoritesProjector.apply>[1]) => {
        await gate;
        await favoritesProjector.apply(tx, events);
        projected += events.length;
      } };
      const runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [slow], pollIntervalMs: 5_000 });
      await runner.start();
      t.app.deps.projections = runner;
      try {
        const answer = await favorite(list.id, files[2]!);
        expect(answer).toMatchObject({ userTagGroupId: list.id, audioFileId: files[2], value: true, changed: true });
        // The read model does not hold it yet (a query here would queue behind PGlite's one
        // connection, which the projecting transaction holds); the next request waits until it does.
        expect(projected).toBe(0);
        let readDone = false;
        const reading = ok('GET', `/api/favorites?userTagGroupIdList=${list.id}`).finally(() => (readDone = true));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(readDone).toBe(false);
        openGate();
        const read = await reading;
        expect(read.audioFiles.map((f: { audioFileId: number }) => f.audioFileId)).toEqual([files[2]]);
        expect(projected).toBe(1);
      } finally {
        openGate();
        delete t.app.deps.projections;
        await runner.stop();
      }
    });
  });

  describe('favorites projector', () => {
    it('should be idempotent if run twice', async () => {
      const list = await createList('Twice');
      await favorite(list.id, files[0]!);
      await favorite(list.id, files[1]!);
      await ok('PUT', '/api/set-audio-file-favorite-order', { userTagGroupId: list.id, audioFileId: files[1], direction: 'up' });
      await favorite(list.id, files[0]!, false);
      await ok('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: recipes[0], value: true });
      await ok('POST', '/api/set-active-user-tag-group', { userTagGroupId: list.id });
      const once = await favorites(`userTagGroupIdList=${list.id}`);
      const events = [...(await t.store.readStream(`favorite-list-${list.id}`)), ...(await t.store.readStream(`favorites-${user.id}`))];
      await t.sql.transaction((tx) => favoritesProjector.apply(tx, events as Parameters<typeof favoritesProjector.apply>[1]));
      expect(await ok('GET', `/api/favorites?userTagGroupIdList=${list.id}`)).toEqual(once);
      expect((await ok('GET', '/api/')).activeUserTagGroupId).toBe(list.id);
    });
  });
});
