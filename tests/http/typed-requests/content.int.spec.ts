import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favoriteListStream, readFavoriteList } from '../../../commands/favorites/favorite-list-stream.ts';
import { loadMessageState } from '../../../commands/messages/message-stream.ts';
import { projectAll } from '../../../projections/engine/project-all.ts';
import { favoritesProjector } from '../../../projections/postgres/favorites.ts';
import { buildTestApp, type TestApp, type TestUser } from '../../support/build-test-app.ts';
import { libraryRows } from '../../support/library-rows.ts';

// The content typed requests (spec 3 section 7; issue 18 item 2): audio files in messages and
// favorite lists (through their deciders), recipes into lists, set-user-tag-order,
// set-recipe-items (audited reference data) and analyze-text. For each: the effect for who may,
// AccessDenied for anyone else, an id that names no row and wrong input as a ValidationError
// naming `body.<field>`, and a refused request writes nothing (no event, no row, no audit row).

const absent = 2_000_000_000;

describe('content typed requests', () => {
  let t: TestApp;
  let rows: ReturnType<typeof libraryRows>;
  let operator: TestUser & { cookie: string };
  let maker: TestUser & { cookie: string };
  let stranger: TestUser & { cookie: string };

  const send = (cookie: string | null, type: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/requests/${type}`, payload: payload as object, headers: cookie ? { cookie } : {} });
  const ok = async (cookie: string, type: string, payload: unknown) => {
    const response = await send(cookie, type, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const count = async (table: string) => Number((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  /** Events and audit rows: what a refused request must leave as it was. */
  const written = async () => [await count('events'), await count('logging')];
  const expectInvalid = async (cookie: string, type: string, payload: unknown, path: string) => {
    const before = await written();
    const response = await send(cookie, type, payload);
    expect(response.statusCode, `${type} ${path}: ${response.body}`).toBe(400);
    expect(response.json(), path).toMatchObject({ error: { kind: 'ValidationError', details: [{ path }] } });
    expect(await written(), path).toEqual(before);
  };
  const expectDenied = async (cookie: string, type: string, payload: unknown) => {
    const before = await written();
    const response = await send(cookie, type, payload);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ error: { kind: 'AccessDenied' } });
    expect((await send(null, type, payload)).statusCode).toBe(401);
    expect(await written()).toEqual(before);
  };
  const login = async (user: TestUser) => ({ ...user, cookie: (await t.login(user)).cookie });

  beforeAll(async () => {
    t = await buildTestApp();
    rows = libraryRows(t.sql);
    operator = await login(await t.createUser({ operator: true }));
    maker = await login(await t.createUser({ config: { canCreateFavoriteLists: true } }));
    stranger = await login(await t.createUser({ config: { canCreateFavoriteLists: true } }));
    // The maker may send messages to the stranger (a sent message is refused below).
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [maker.id, stranger.id]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  // ---- favorite lists (user tag groups) ----

  const newList = async (user: { cookie: string } = maker) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user-tag-groups', headers: { cookie: user.cookie }, payload: { name: 'Evening', description: '' } });
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json().id);
  };
  const listState = (listId: number) => readFavoriteList(t.store, favoriteListStream(listId, maker.id));
  const filesOf = async (listId: number) =>
    [...(await listState(listId)).audioFiles].sort((a, b) => a[1].order - b[1].order).map(([audioFileId]) => audioFileId);

  interface ListCase {
    type: string;
    /** The rows the request puts in or takes out, and their field. */
    field: 'audioFileIds' | 'recipeIds';
    row(): Promise<number>;
    /** Readies the lists, sends the request and checks what it did. */
    effect(lists: number[], ids: number[]): Promise<void>;
  }

  const listCases: ListCase[] = [
    {
      type: 'add-audio-files-to-user-tag-groups',
      field: 'audioFileIds',
      row: () => rows.audioFile(),
      async effect([a, b], [x, y]) {
        const old = await rows.audioFile();
        await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [a], audioFileIds: [old] });
        expect(await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [a, b], audioFileIds: [x!, y!, old] })).toEqual({ changed: 5 });
        expect(await filesOf(a!)).toEqual([old, x, y]);
        expect(await filesOf(b!)).toEqual([x, y, old]);
        // insertAsFirst puts them at the top in the order given, the others after them.
        const [z, w] = [await rows.audioFile(), await rows.audioFile()];
        expect(await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [a], audioFileIds: [z, w, x], insertAsFirst: true })).toEqual({ changed: 2 });
        expect(await filesOf(a!)).toEqual([z, w, old, x, y]);
        expect(await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [a], audioFileIds: [z] })).toEqual({ changed: 0 });
      },
    },
    {
      type: 'remove-audio-files-from-user-tag-groups',
      field: 'audioFileIds',
      row: () => rows.audioFile(),
      async effect([a, b], [x, y]) {
        const kept = await rows.audioFile();
        await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [a, b], audioFileIds: [x!, kept] });
        await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [b], audioFileIds: [y!] });
        expect(await ok(maker.cookie, 'remove-audio-files-from-user-tag-groups', { userTagGroupIds: [a, b], audioFileIds: [x!, y!] })).toEqual({ changed: 3 });
        expect(await filesOf(a!)).toEqual([kept]);
        expect(await filesOf(b!)).toEqual([kept]);
      },
    },
    {
      type: 'add-recipes-to-user-tag-groups',
      field: 'recipeIds',
      row: () => rows.recipe(),
      async effect([a, b], [x, y]) {
        await ok(maker.cookie, 'add-recipes-to-user-tag-groups', { userTagGroupIds: [a], recipeIds: [x!] });
        expect(await ok(maker.cookie, 'add-recipes-to-user-tag-groups', { userTagGroupIds: [a, b], recipeIds: [x!, y!] })).toEqual({ changed: 3 });
        expect([...(await listState(a!)).recipes].sort()).toEqual([x, y].sort());
        expect([...(await listState(b!)).recipes].sort()).toEqual([x, y].sort());
      },
    },
  ];

  describe.each(listCases)('$type', (c) => {
    it("changes the maker's lists as it says", async () => {
      await c.effect([await newList(), await newList()], [await c.row(), await c.row()]);
    });

    it('works on the caller\'s default list (id 0) too', async () => {
      const own = await login(await t.createUser());
      const id = await c.row();
      const response = await send(own.cookie, c.type, { userTagGroupIds: [0], [c.field]: [id] });
      expect(response.statusCode, response.body).toBe(200);
      const state = await readFavoriteList(t.store, favoriteListStream(0, own.id));
      const has = c.field === 'recipeIds' ? state.recipes.has(id) : state.audioFiles.has(id);
      expect(has).toBe(c.type.startsWith('add'));
    });

    it("is AccessDenied on another user's list, even beside the caller's own, and appends nothing", async () => {
      const payload = { userTagGroupIds: [await newList(), await newList(stranger)], [c.field]: [await c.row()] };
      await expectDenied(maker.cookie, c.type, payload);
    });

    it('refuses lists and rows that do not exist and wrong input, naming the field, and appends nothing', async () => {
      const [list, id] = [await newList(), await c.row()];
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: [list, absent], [c.field]: [id] }, 'body.userTagGroupIds');
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: [list], [c.field]: [id, absent] }, `body.${c.field}`);
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: 'all', [c.field]: [id] }, 'body.userTagGroupIds');
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: [list], [c.field]: [] }, `body.${c.field}`);
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: [list], [c.field]: [id], dropTable: true }, 'body.dropTable');
      // A removed list is no list.
      await t.app.inject({ method: 'DELETE', url: `/api/user-tag-groups/${list}`, headers: { cookie: maker.cookie } });
      await expectInvalid(maker.cookie, c.type, { userTagGroupIds: [list], [c.field]: [id] }, 'body.userTagGroupIds');
    });
  });

  describe('set-user-tag-order', () => {
    it('moves a file of the list to the order given, the others holding it stepping down', async () => {
      const list = await newList();
      const [x, y, z] = [await rows.audioFile(), await rows.audioFile(), await rows.audioFile()];
      await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [list], audioFileIds: [x, y, z] });
      expect(await ok(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: z, order: 1 })).toEqual({ changed: 1 });
      expect(await filesOf(list)).toEqual([z, x, y]);
      expect([...(await listState(list)).audioFiles.values()].map((f) => f.order).sort()).toEqual([1, 2, 3]);
      expect(await ok(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: z, order: 1 })).toEqual({ changed: 0 });
    });

    it('is for the maker only, and refuses a file not in the list, a missing list and bad orders', async () => {
      const list = await newList();
      const [x, outside] = [await rows.audioFile(), await rows.audioFile()];
      await ok(maker.cookie, 'add-audio-files-to-user-tag-groups', { userTagGroupIds: [list], audioFileIds: [x] });
      await expectDenied(stranger.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: x, order: 2 });
      await expectInvalid(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: outside, order: 2 }, 'body.audioFileId');
      await expectInvalid(maker.cookie, 'set-user-tag-order', { userTagGroupId: absent, audioFileId: x, order: 2 }, 'body.userTagGroupId');
      await expectInvalid(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: x, order: 0 }, 'body.order');
      await expectInvalid(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: x, order: 1.5 }, 'body.order');
      await expectInvalid(maker.cookie, 'set-user-tag-order', { userTagGroupId: list, audioFileId: x, order: 2, extra: 1 }, 'body.extra');
    });
  });

  describe('set-user-tag-group-user-groups', () => {
    const sharer = async () => {
      const group = await rows.userGroup();
      const user = await t.createUser({ config: { canCreateFavoriteLists: true } });
      await t.sql.query('UPDATE users SET user_group_id = $2 WHERE id = $1', [user.id, group]);
      return { user: await login(user), group };
    };
    const groupsOf = async (listIds: number[]) => {
      await projectAll({ log: t.store, sql: t.sql, projectors: [favoritesProjector] });
      const found = await t.sql.query<{ id: number; user_group_id: number | null }>('SELECT id, user_group_id FROM favorite_lists WHERE id = ANY($1::integer[]) ORDER BY id', [listIds]);
      return found.map((r) => r.user_group_id);
    };

    it("shares the maker's lists with their user group, and stops sharing with null", async () => {
      const { user, group } = await sharer();
      const [a, b] = [await newList(user), await newList(user)];
      expect(await ok(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [a, b], userGroupId: group })).toEqual({ changed: 2 });
      expect(await groupsOf([a, b])).toEqual([group, group]);
      expect(await ok(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [a, b], userGroupId: group })).toEqual({ changed: 0 });
      expect(await ok(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [b], userGroupId: null })).toEqual({ changed: 1 });
      expect(await groupsOf([a, b])).toEqual([group, null]);
    });

    it("is AccessDenied on another's list and for a group the maker is not in, and appends nothing", async () => {
      const { user, group } = await sharer();
      const other = await sharer();
      const mine = await newList(user);
      await expectDenied(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine, await newList(other.user)], userGroupId: group });
      await expectDenied(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine], userGroupId: other.group });
    });

    it('refuses a missing list, the default list and wrong input, naming the field, and appends nothing', async () => {
      const { user, group } = await sharer();
      const mine = await newList(user);
      await expectInvalid(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine, absent], userGroupId: group }, 'body.userTagGroupIds');
      await expectInvalid(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [0], userGroupId: group }, 'body.userTagGroupIds');
      await expectInvalid(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine], userGroupId: 'all' }, 'body.userGroupId');
      await expectInvalid(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine] }, 'body.userGroupId');
      await expectInvalid(user.cookie, 'set-user-tag-group-user-groups', { userTagGroupIds: [mine], userGroupId: group, extra: 1 }, 'body.extra');
    });
  });

  // ---- messages ----

  const newDraft = async (user: { cookie: string } = maker) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: user.cookie }, payload: { title: 'Songs for today' } });
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json().id);
  };
  const audioFilesOf = async (messageId: number) =>
    [...(await loadMessageState(t, messageId)).items.values()].sort((a, b) => a.order - b.order).filter((i) => i.item.type === 'AudioFile').map((i) => i.item.audioFileId);

  describe('add-audio-files-to-messages and remove-audio-files-from-messages', () => {
    it("add an AudioFile item last for each file a draft lacks, and take the files' items out", async () => {
      const [a, b] = [await newDraft(), await newDraft()];
      const [x, y, z] = [await rows.audioFile(), await rows.audioFile(), await rows.audioFile()];
      const html = await t.app.inject({ method: 'POST', url: '/api/message-items', headers: { cookie: maker.cookie }, payload: { messageId: a, type: 'InlineHTML', html: '<p>Hi</p>', trackClicks: false } });
      expect(html.statusCode, html.body).toBe(200);
      expect(await ok(maker.cookie, 'add-audio-files-to-messages', { messageIds: [a], audioFileIds: [x] })).toEqual({ changed: 1 });
      expect(await ok(maker.cookie, 'add-audio-files-to-messages', { messageIds: [a, b], audioFileIds: [x, y, z] })).toEqual({ changed: 5 });
      expect(await audioFilesOf(a)).toEqual([x, y, z]);
      expect(await audioFilesOf(b)).toEqual([x, y, z]);
      const items = [...(await loadMessageState(t, a)).items.values()].sort((p, q) => p.order - q.order).map((i) => i.item.type);
      expect(items).toEqual(['InlineHTML', 'AudioFile', 'AudioFile', 'AudioFile']);
      expect(await ok(maker.cookie, 'remove-audio-files-from-messages', { messageIds: [a, b], audioFileIds: [x, z] })).toEqual({ changed: 4 });
      expect(await audioFilesOf(a)).toEqual([y]);
      expect(await audioFilesOf(b)).toEqual([y]);
      expect(await ok(maker.cookie, 'remove-audio-files-from-messages', { messageIds: [a], audioFileIds: [x] })).toEqual({ changed: 0 });
    });

    it.each(['add-audio-files-to-messages', 'remove-audio-files-from-messages'])("%s: AccessDenied on another user's message, and nothing appended", async (type) => {
      const payload = { messageIds: [await newDraft(), await newDraft(stranger)], audioFileIds: [await rows.audioFile()] };
      await expectDenied(maker.cookie, type, payload);
    });

    it.each(['add-audio-files-to-messages', 'remove-audio-files-from-messages'])('%s: refuses missing messages and files, a sent message and wrong input, and appends nothing', async (type) => {
      const [draft, x] = [await newDraft(), await rows.audioFile()];
      await expectInvalid(maker.cookie, type, { messageIds: [draft, absent], audioFileIds: [x] }, 'body.messageIds');
      await expectInvalid(maker.cookie, type, { messageIds: [draft], audioFileIds: [absent] }, 'body.audioFileIds');
      await expectInvalid(maker.cookie, type, { messageIds: [draft], audioFileIds: ['x'] }, 'body.audioFileIds.0');
      await expectInvalid(maker.cookie, type, { messageIds: [draft], audioFileIds: [x], extra: true }, 'body.extra');
      const sent = await t.app.inject({ method: 'PUT', url: `/api/messages/${draft}`, headers: { cookie: maker.cookie }, payload: { recipients: [{ id: stranger.id }], sent: true } });
      expect(sent.statusCode, sent.body).toBe(200);
      const before = await written();
      const refused = await send(maker.cookie, type, { messageIds: [draft], audioFileIds: [x] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(await written()).toEqual(before);
    });
  });

  // ---- recipe items (reference data) ----

  describe('set-recipe-items', () => {
    const itemsOf = (recipeId: number) =>
      t.sql.query<{ id: number; type: string; order: number; audio_file_id: number | null; active: boolean }>('SELECT id, type, "order", audio_file_id, active FROM recipe_items WHERE recipe_id = $1 ORDER BY "order", id', [recipeId]);

    it("replaces the recipe's items in the order given: kept, updated, added and deleted, each with its audit row", async () => {
      const [recipe, song] = [await rows.recipe(), await rows.audioFile()];
      const [a, b, c] = [await rows.recipeItem(recipe, 0), await rows.recipeItem(recipe, 1), await rows.recipeItem(recipe, 2)];
      const answer = await ok(operator.cookie, 'set-recipe-items', { recipeId: recipe, items: [{ id: c, type: 'Music' }, { type: 'Story', audioFileId: song }, { id: a, type: 'Exercise', active: false }] });
      expect(answer.ids).toHaveLength(3);
      const added = answer.ids[1];
      expect(answer.ids).toEqual([c, added, a]);
      expect(await itemsOf(recipe)).toEqual([
        { id: c, type: 'Music', order: 0, audio_file_id: null, active: true },
        { id: added, type: 'Story', order: 1, audio_file_id: song, active: true },
        { id: a, type: 'Exercise', order: 2, audio_file_id: null, active: false },
      ]);
      const audits = await t.sql.query<{ action: string; user_id: number; old_data: { id: number } | null; new_data: { id: number } | null }>(
        "SELECT action, user_id, old_data, new_data FROM logging WHERE query = 'set-recipe-items' AND \"table\" = 'recipe_items' AND (old_data->>'recipe_id' = $1 OR new_data->>'recipe_id' = $1) ORDER BY id",
        [String(recipe)],
      );
      expect(audits.map((r) => [r.action, (r.old_data ?? r.new_data)!.id])).toEqual([['DELETE', b], ['UPDATE', c], ['INSERT', added], ['UPDATE', a]]);
      expect(audits.every((r) => Number(r.user_id) === operator.id)).toBe(true);
      // The same list again changes nothing and writes nothing; an empty list empties the recipe.
      const before = await count('logging');
      await ok(operator.cookie, 'set-recipe-items', { recipeId: recipe, items: [{ id: c, type: 'Music' }, { id: added, type: 'Story', audioFileId: song }, { id: a, type: 'Exercise' }] });
      expect(await count('logging')).toBe(before);
      expect(await ok(operator.cookie, 'set-recipe-items', { recipeId: recipe, items: [] })).toEqual({ ids: [] });
      expect(await itemsOf(recipe)).toEqual([]);
    });

    it('is for service operators only, and writes nothing for anyone else', async () => {
      const recipe = await rows.recipe();
      const item = await rows.recipeItem(recipe);
      for (const user of [maker, stranger]) await expectDenied(user.cookie, 'set-recipe-items', { recipeId: recipe, items: [{ type: 'Music' }] });
      expect((await itemsOf(recipe)).map((i) => i.id)).toEqual([item]);
    });

    it('refuses rows that do not exist, items of another recipe, a repeated item and wrong input, naming the field, and writes nothing', async () => {
      const [recipe, other] = [await rows.recipe(), await rows.recipe()];
      const [mine, theirs] = [await rows.recipeItem(recipe), await rows.recipeItem(other)];
      const cases: [unknown, string][] = [
        [{ recipeId: absent, items: [] }, 'body.recipeId'],
        [{ recipeId: recipe, items: [{ id: theirs, type: 'Music' }] }, 'body.items.0.id'],
        [{ recipeId: recipe, items: [{ type: 'Music' }, { type: 'Music', audioFileId: absent }] }, 'body.items.1.audioFileId'],
        [{ recipeId: recipe, items: [{ id: mine, type: 'Music' }, { id: mine, type: 'News' }] }, 'body.items.1.id'],
        [{ recipeId: recipe, items: [{ type: 'Jazz' }] }, 'body.items.0.type'],
        [{ recipeId: 'x', items: [] }, 'body.recipeId'],
        [{ recipeId: recipe, items: [{ type: 'Music', order: 3 }] }, 'body.items.0.order'],
        [{ recipeId: recipe, items: [], extra: 1 }, 'body.extra'],
      ];
      for (const [payload, path] of cases) await expectInvalid(operator.cookie, 'set-recipe-items', payload, path);
      expect((await itemsOf(recipe)).map((i) => i.id)).toEqual([mine]);
      expect((await itemsOf(other)).map((i) => i.id)).toEqual([theirs]);
    });
  });

  // ---- analyze-text ----

  describe('analyze-text', () => {
    it('answers the analysis of the text to any logged-in user, and stores nothing', async () => {
      const before = await written();
      expect(await ok(maker.cookie, 'analyze-text', { text: 'Tervetuloa musiikkituokioon! Tänään laulamme yhdessä kolme vanhaa laulua.' })).toEqual({
        characters: 73,
        words: 8,
        sentences: 2,
        paragraphs: 1,
        longWords: 4,
        lix: 54,
        readingSeconds: 4,
      });
      expect(await written()).toEqual(before);
      expect((await send(null, 'analyze-text', { text: 'x' })).statusCode).toBe(401);
    });

    it('refuses unsafe, too long and missing text and unknown fields, naming the field', async () => {
      await expectInvalid(maker.cookie, 'analyze-text', { text: 'a\u0000b' }, 'body.text');
      await expectInvalid(maker.cookie, 'analyze-text', { text: 'x'.repeat(100_001) }, 'body.text');
      await expectInvalid(maker.cookie, 'analyze-text', { text: 5 }, 'body.text');
      await expectInvalid(maker.cookie, 'analyze-text', {}, 'body.text');
      await expectInvalid(maker.cookie, 'analyze-text', { text: 'x', extra: 1 }, 'body.extra');
    });
  });
});
