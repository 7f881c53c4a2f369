import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp, type TestUser } from '../../support/build-test-app.ts';
import { libraryRows } from '../../support/library-rows.ts';
import { absent, describeTypedRequestCases, type TypedRequestCase } from '../../support/typed-request-cases.ts';

// The back office's typed requests (spec 3 section 7; issue 18 item 2), one table: for each type a
// valid request on fresh rows and its effect, an id that names no row, and the field of a wrong
// value. Every type is then checked the same way (tests/support/typed-request-cases.ts).

describe('back-office typed requests', () => {
  let t: TestApp;
  let operator: TestUser & { cookie: string };
  let caregiver: { cookie: string };
  let rows: ReturnType<typeof libraryRows>;

  const send = (cookie: string | null, type: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/requests/${type}`, payload: payload as object, headers: cookie ? { cookie } : {} });
  const one = async <R>(text: string, params: unknown[] = []): Promise<R> => (await t.sql.query<R>(text, params as never[]))[0]!;
  const auditCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM logging')).n);

  beforeAll(async () => {
    t = await buildTestApp();
    rows = libraryRows(t.sql);
    const op = await t.createUser({ operator: true });
    operator = { ...op, cookie: (await t.login(op)).cookie };
    caregiver = await t.login(await t.createUser());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const cases: TypedRequestCase[] = [
    {
      type: 'set-audio-file-active',
      audited: 'audio_files',
      async valid() {
        const [a, b] = [await rows.audioFile(), await rows.audioFile()];
        await t.sql.query('UPDATE audio_files SET active = false WHERE id = $1', [b]);
        return {
          payload: { audioFileIds: [a, b], active: false },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 }); // b was inactive already
            expect((await t.sql.query('SELECT id FROM audio_files WHERE id = ANY($1::integer[]) AND active', [[a, b]])).length).toBe(0);
          },
        };
      },
      missing: async () => ({ payload: { audioFileIds: [await rows.audioFile(), absent], active: false }, field: 'audioFileIds' }),
    },
    {
      type: 'set-audio-file-length',
      audited: 'audio_files',
      async valid() {
        const fileId = await rows.file();
        const audioFileId = await rows.audioFile({ fileId });
        return {
          payload: { audioFileId, fileId, audioLength: 181.6 },
          async check(answer) {
            expect(answer).toEqual({ length: 182 });
            expect(Number((await one<{ length: number }>('SELECT length FROM audio_files WHERE id = $1', [audioFileId])).length)).toBe(182);
          },
        };
      },
      missing: async () => ({ payload: { audioFileId: absent, fileId: await rows.file(), audioLength: 10 }, field: 'audioFileId' }),
    },
    {
      type: 'set-audio-file-artists',
      audited: 'audio_file_artists',
      async valid() {
        const [a, b, artist] = [await rows.audioFile(), await rows.audioFile(), await rows.artist()];
        return {
          payload: { audioFileIds: [a, b], artistIds: [artist], value: true },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect((await t.sql.query('SELECT 1 FROM audio_file_artists WHERE artist_id = $1', [artist])).length).toBe(2);
            const again = await send(operator.cookie, 'set-audio-file-artists', { audioFileIds: [a], artistIds: [artist], value: false });
            expect(again.json()).toEqual({ changed: 1 });
            expect((await t.sql.query('SELECT audio_file_id FROM audio_file_artists WHERE artist_id = $1', [artist])).map((r) => Number(r.audio_file_id))).toEqual([b]);
          },
        };
      },
      missing: async () => ({ payload: { audioFileIds: [await rows.audioFile()], artistIds: [absent], value: true }, field: 'artistIds' }),
    },
    {
      type: 'set-audio-file-categories',
      audited: 'audio_file_categories',
      async valid() {
        const [a, c1, c2] = [await rows.audioFile(), await rows.category(), await rows.category()];
        return {
          payload: { audioFileIds: [a], categoryIds: [c1, c2], value: true, priority: 5 },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect(await t.sql.query('SELECT category_id, priority FROM audio_file_categories WHERE audio_file_id = $1 ORDER BY category_id', [a])).toEqual([
              { category_id: c1, priority: 5 },
              { category_id: c2, priority: 5 },
            ]);
          },
        };
      },
      missing: async () => ({ payload: { audioFileIds: [absent], categoryIds: [await rows.category()], value: true }, field: 'audioFileIds' }),
    },
    {
      type: 'set-file-categories',
      audited: 'file_categories',
      async valid() {
        const [file, category] = [await rows.file('image/png'), await rows.category()];
        return {
          payload: { fileIds: [file], categoryIds: [category], value: true },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await t.sql.query('SELECT 1 FROM file_categories WHERE file_id = $1 AND category_id = $2', [file, category])).length).toBe(1);
          },
        };
      },
      missing: async () => ({ payload: { fileIds: [await rows.file()], categoryIds: [absent], value: true }, field: 'categoryIds' }),
    },
    {
      type: 'merge-artists',
      audited: 'audio_file_artists',
      async valid() {
        const [src, dst, a, b] = [await rows.artist(), await rows.artist(), await rows.audioFile(), await rows.audioFile()];
        await t.sql.query('INSERT INTO audio_file_artists (audio_file_id, artist_id) VALUES ($1, $3), ($2, $3), ($2, $4)', [a, b, src, dst]);
        return {
          payload: { srcIds: [src], dstId: dst },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect((await t.sql.query('SELECT audio_file_id FROM audio_file_artists WHERE artist_id = $1 ORDER BY 1', [dst])).map((r) => Number(r.audio_file_id))).toEqual([a, b]);
            expect((await t.sql.query('SELECT 1 FROM audio_file_artists WHERE artist_id = $1', [src])).length).toBe(0);
            expect((await one<{ active: boolean }>('SELECT active FROM artists WHERE id = $1', [src])).active).toBe(false);
          },
        };
      },
      missing: async () => ({ payload: { srcIds: [await rows.artist()], dstId: absent }, field: 'dstId' }),
    },
    {
      type: 'set-recipe-item-order',
      audited: 'recipe_items',
      async valid() {
        const item = await rows.recipeItem(await rows.recipe(), 0);
        return {
          payload: { recipeItemId: item, order: 4 },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await one<{ order: number }>('SELECT "order" FROM recipe_items WHERE id = $1', [item])).order).toBe(4);
          },
        };
      },
      missing: async () => ({ payload: { recipeItemId: absent, order: 1 }, field: 'recipeItemId' }),
    },
    {
      type: 'set-recipe-items-active',
      audited: 'recipe_items',
      async valid() {
        const recipe = await rows.recipe();
        const items = [await rows.recipeItem(recipe, 0), await rows.recipeItem(recipe, 1)];
        return {
          payload: { ids: items, active: false },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect((await t.sql.query('SELECT 1 FROM recipe_items WHERE recipe_id = $1 AND active', [recipe])).length).toBe(0);
          },
        };
      },
      missing: async () => ({ payload: { ids: [absent], active: true }, field: 'ids' }),
    },
    {
      type: 'copy-recipe',
      audited: 'recipe_items',
      async valid() {
        const [from, to, audio] = [await rows.recipe(), await rows.recipe(), await rows.audioFile()];
        await rows.recipeItem(from, 1, audio);
        await rows.recipeItem(from, 0, null);
        await rows.recipeItem(to, 7, null);
        return {
          payload: { fromRecipeId: from, toRecipeId: to },
          async check(answer) {
            const { ids } = answer as { ids: number[] };
            expect(ids).toHaveLength(2);
            const copied = await t.sql.query('SELECT id, "order", audio_file_id FROM recipe_items WHERE recipe_id = $1 ORDER BY "order"', [to]);
            expect(copied.map((r) => [Number(r.order), r.audio_file_id])).toEqual([
              [7, null],
              [8, null],
              [9, audio],
            ]);
            expect((await t.sql.query('SELECT 1 FROM recipe_items WHERE recipe_id = $1', [from])).length).toBe(2);
          },
        };
      },
      missing: async () => ({ payload: { fromRecipeId: absent, toRecipeId: await rows.recipe() }, field: 'fromRecipeId' }),
    },
    {
      type: 'add-ug-recipe-timings',
      audited: 'ug_recipe_timings',
      async valid() {
        const [g1, g2, recipe] = [await rows.userGroup(), await rows.userGroup(), await rows.recipe()];
        await rows.timing(g1, recipe, '2026-12-24');
        return {
          payload: { userGroupIds: [g1, g2], recipeId: recipe, days: ['2026-12-24', '2026-12-25'] },
          async check(answer) {
            expect((answer as { ids: number[] }).ids).toHaveLength(3); // g1 had the 24th already
            const timings = await t.sql.query("SELECT user_group_id, to_char(day, 'YYYY-MM-DD') AS day FROM ug_recipe_timings WHERE recipe_id = $1 ORDER BY 1, 2", [recipe]);
            expect(timings).toEqual([
              { user_group_id: g1, day: '2026-12-24' },
              { user_group_id: g1, day: '2026-12-25' },
              { user_group_id: g2, day: '2026-12-24' },
              { user_group_id: g2, day: '2026-12-25' },
            ]);
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [await rows.userGroup()], recipeId: absent, days: ['2026-12-24'] }, field: 'recipeId' }),
    },
    {
      type: 'remove-ug-recipe-timings',
      audited: 'ug_recipe_timings',
      async valid() {
        const [group, recipe] = [await rows.userGroup(), await rows.recipe()];
        const [gone, kept] = [await rows.timing(group, recipe, '2026-12-24'), await rows.timing(group, recipe, '2026-12-25')];
        return {
          payload: { ids: [gone] },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await t.sql.query('SELECT id FROM ug_recipe_timings WHERE user_group_id = $1', [group])).map((r) => Number(r.id))).toEqual([kept]);
          },
        };
      },
      missing: async () => ({ payload: { ids: [absent] }, field: 'ids' }),
    },
    {
      type: 'add-ug-recurring-recipe-timings',
      audited: 'ug_recurring_recipe_timings',
      async valid() {
        const [g1, g2, recipe] = [await rows.userGroup(), await rows.userGroup(), await rows.recipe()];
        await rows.recurringTiming(g1, recipe); // 24 December, not special: a different timing
        return {
          payload: { userGroupIds: [g1, g2], recipeId: recipe, month: 12, day: 24, special: true },
          async check(answer) {
            expect((answer as { ids: number[] }).ids).toHaveLength(2);
            const timings = await t.sql.query('SELECT user_group_id, month, day, week, special FROM ug_recurring_recipe_timings WHERE recipe_id = $1 AND special ORDER BY 1', [recipe]);
            expect(timings).toEqual([g1, g2].map((g) => ({ user_group_id: g, month: 12, day: 24, week: null, special: true })));
            const again = await send(operator.cookie, 'add-ug-recurring-recipe-timings', { userGroupIds: [g1], recipeId: recipe, month: 12, day: 24, special: true });
            expect(again.json()).toEqual({ ids: [] });
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [absent], recipeId: await rows.recipe(), month: 1, day: 1 }, field: 'userGroupIds' }),
    },
    {
      type: 'add-ug-recurring-recipe-timings-week',
      audited: 'ug_recurring_recipe_timings',
      async valid() {
        const [group, recipe] = [await rows.userGroup(), await rows.recipe()];
        return {
          payload: { userGroupIds: [group], recipeId: recipe, week: 53, day: 7 },
          async check(answer) {
            expect((answer as { ids: number[] }).ids).toHaveLength(1);
            expect(await t.sql.query('SELECT month, day, week, special FROM ug_recurring_recipe_timings WHERE recipe_id = $1', [recipe])).toEqual([{ month: null, day: 7, week: 53, special: false }]);
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [await rows.userGroup()], recipeId: absent, week: 1 }, field: 'recipeId' }),
    },
    {
      type: 'remove-ug-recurring-recipe-timings',
      audited: 'ug_recurring_recipe_timings',
      async valid() {
        const [group, recipe] = [await rows.userGroup(), await rows.recipe()];
        const [gone, kept] = [await rows.recurringTiming(group, recipe), await rows.recurringTiming(group, recipe)];
        return {
          payload: { ids: [gone] },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await t.sql.query('SELECT id FROM ug_recurring_recipe_timings WHERE user_group_id = $1', [group])).map((r) => Number(r.id))).toEqual([kept]);
          },
        };
      },
      missing: async () => ({ payload: { ids: [absent] }, field: 'ids' }),
    },
    ...(['artists', 'audio-files'] as const).flatMap((kind): TypedRequestCase[] => {
      const table = kind === 'artists' ? 'similar_artists' : 'similar_audio_files';
      const [left, right, idField, idsField] = kind === 'artists' ? ['artist_id', 'similar_artist_id', 'artistId', 'artistIds'] : ['audio_file_id', 'similar_audio_file_id', 'audioFileId', 'audioFileIds'];
      const row = () => (kind === 'artists' ? rows.artist() : rows.audioFile());
      const pairs = async (ids: number[]) =>
        (await t.sql.query(`SELECT ${left} AS a, ${right} AS b FROM ${table} WHERE ${left} = ANY($1::integer[]) ORDER BY 1, 2`, [ids])).map((r) => [Number(r.a), Number(r.b)]);
      return [
        {
          type: `add-similar-${kind}`,
          audited: table,
          async valid() {
            const [one, two, three] = [await row(), await row(), await row()];
            return {
              payload: { [idField]: one, [idsField]: [two, three] },
              async check(answer) {
                expect(answer).toEqual({ changed: 2 });
                // Both ways: each of the three finds the similar ones from its own side.
                expect(await pairs([one, two, three])).toEqual([
                  [one, two],
                  [one, three],
                  [two, one],
                  [three, one],
                ]);
                const self = await send(operator.cookie, `add-similar-${kind}`, { [idField]: one, [idsField]: [one] });
                expect(self.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: `body.${idsField}` }] } });
              },
            };
          },
          missing: async () => ({ payload: { [idField]: await row(), [idsField]: [absent] }, field: idsField }),
        },
        {
          type: `remove-similar-${kind}`,
          audited: table,
          async valid() {
            const [one, two, three] = [await row(), await row(), await row()];
            await send(operator.cookie, `add-similar-${kind}`, { [idField]: one, [idsField]: [two, three] });
            return {
              payload: { [idField]: two, [idsField]: [one] },
              async check(answer) {
                expect(answer).toEqual({ changed: 1 });
                expect(await pairs([one, two, three])).toEqual([
                  [one, three],
                  [three, one],
                ]);
              },
            };
          },
          missing: async () => ({ payload: { [idField]: absent, [idsField]: [await row()] }, field: idField }),
        },
      ];
    }),
    {
      type: 'copy-user',
      audited: 'users',
      async valid() {
        const admin = await t.createUser();
        const source = await t.createUser({ email: 'unit@sointu.test', config: { usageReport: true, canStartSession: true } });
        await t.sql.query("UPDATE users SET organization = 'Kotikallio', language = 'swe', login_token = $2 WHERE id = $1", [source.id, `link-hash-${source.id}`]);
        await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, source.id]);
        await t.sql.query("INSERT INTO settings (user_id, key, value) VALUES ($1, 'resultsCount', '20')", [source.id]);
        const name = `copy-of-${source.name}`;
        return {
          payload: { userId: source.id, name },
          async check(answer) {
            const { userId } = answer as { userId: number };
            const copy = await one<Record<string, unknown>>('SELECT name, organization, language, config, email, password_hash, login_token, inserted_by_user_id FROM users WHERE id = $1', [userId]);
            expect(copy).toEqual({ name, organization: 'Kotikallio', language: 'swe', config: { usageReport: true, canStartSession: true }, email: null, password_hash: null, login_token: null, inserted_by_user_id: operator.id });
            expect(await t.sql.query('SELECT admin_user_id FROM user_admins WHERE user_id = $1', [userId])).toEqual([{ admin_user_id: admin.id }]);
            expect(await t.sql.query('SELECT key, value FROM settings WHERE user_id = $1', [userId])).toEqual([{ key: 'resultsCount', value: '20' }]);
            const audits = await t.sql.query<{ new_data: unknown }>("SELECT new_data FROM logging WHERE query = 'copy-user' AND \"table\" = 'users' ORDER BY id DESC LIMIT 1");
            expect(JSON.stringify(audits[0]!.new_data)).not.toMatch(/password|login_token/);
            const again = await send(operator.cookie, 'copy-user', { userId: source.id, name });
            expect(again.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.name' }] } });
          },
        };
      },
      missing: async () => ({ payload: { userId: absent, name: 'nobody-copied' }, field: 'userId' }),
    },
    {
      type: 'set-force-reload',
      audited: 'users',
      async valid() {
        const user = await t.createUser();
        return {
          payload: { value: true, userIds: [user.id] },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await one<{ force_reload: boolean }>('SELECT force_reload FROM users WHERE id = $1', [user.id])).force_reload).toBe(true);
            // The audit row holds the flag only, never the password hash of the users row.
            const [audit] = await t.sql.query<{ new_data: unknown }>("SELECT new_data FROM logging WHERE query = 'set-force-reload' ORDER BY id DESC LIMIT 1");
            expect(JSON.stringify(audit!.new_data)).not.toMatch(/password/);
          },
        };
      },
      missing: async () => ({ payload: { value: true, userIds: [absent] }, field: 'userIds' }),
    },
  ];

  describeTypedRequestCases(() => ({ t, operator, caregiver }), cases);

  it('refuses what cannot be meant: a measurement of a file the audio file no longer has, a merge into a source, a recipe into itself', async () => {
    const before = await auditCount();
    const audioFileId = await rows.audioFile();
    const length = await send(operator.cookie, 'set-audio-file-length', { audioFileId, fileId: await rows.file(), audioLength: 60 });
    expect(length.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.fileId' }] } });
    const artist = await rows.artist();
    const merge = await send(operator.cookie, 'merge-artists', { srcIds: [artist], dstId: artist });
    expect(merge.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.srcIds' }] } });
    const recipe = await rows.recipe();
    const copy = await send(operator.cookie, 'copy-recipe', { fromRecipeId: recipe, toRecipeId: recipe });
    expect(copy.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.toRecipeId' }] } });
    expect(await auditCount()).toBe(before);
  });

  it('set-admin-ui-state and get-admin-ui-state keep each operator\'s console state, for operators only', async () => {
    const other = await t.createUser({ operator: true });
    const otherCookie = (await t.login(other)).cookie;
    expect((await send(otherCookie, 'get-admin-ui-state', {})).json()).toEqual({ state: null });
    const state = { tab: 'audio-files', filters: { active: true, query: 'Sibelius' }, columns: ['name', 'length'] };
    expect((await send(operator.cookie, 'set-admin-ui-state', { state })).json()).toEqual({});
    expect((await send(operator.cookie, 'get-admin-ui-state', {})).json()).toEqual({ state });
    expect((await send(otherCookie, 'get-admin-ui-state', {})).json()).toEqual({ state: null });
    for (const type of ['set-admin-ui-state', 'get-admin-ui-state']) {
      expect((await send(caregiver.cookie, type, type.startsWith('set') ? { state } : {})).statusCode, type).toBe(403);
      expect((await send(null, type, type.startsWith('set') ? { state } : {})).statusCode, type).toBe(401);
    }
    const bad = [
      [{ state: 'tabs' }, 'body.state'],
      [{ state: { big: 'x'.repeat(70_000) } }, 'body.state'],
      [{ state: { nul: 'a\u0000b' } }, 'body.state.nul'],
      [{ state, extra: 1 }, 'body.extra'],
    ] as const;
    for (const [payload, path] of bad) {
      const response = await send(operator.cookie, 'set-admin-ui-state', payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ error: { kind: 'ValidationError', details: [{ path }] } });
    }
    expect((await send(operator.cookie, 'get-admin-ui-state', {})).json()).toEqual({ state });
  });

  it('similar audio files and artists reach the similarity query of the library (similarIds)', async () => {
    const [seed, similarFile, byArtist, unrelated, artist, similarArtist] = [await rows.audioFile(), await rows.audioFile(), await rows.audioFile(), await rows.audioFile(), await rows.artist(), await rows.artist()];
    await t.sql.query('INSERT INTO audio_file_artists (audio_file_id, artist_id) VALUES ($1, $2), ($3, $4)', [seed, artist, byArtist, similarArtist]);
    const similarTo = async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/get-audio-files', payload: { similarIds: [seed], ids: [similarFile, byArtist, unrelated] }, headers: { cookie: caregiver.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: { id: number }[] }>().items.map((f) => f.id).sort((a, b) => a - b);
    };
    expect(await similarTo()).toEqual([]);
    await send(operator.cookie, 'add-similar-audio-files', { audioFileId: seed, audioFileIds: [similarFile] });
    await send(operator.cookie, 'add-similar-artists', { artistId: similarArtist, artistIds: [artist] });
    expect(await similarTo()).toEqual([similarFile, byArtist]);
  });

  it('set-force-reload reaches the open browsers of the users over /ws, and their next ping once', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    await t.app.ready();
    const socket: WebSocket = await t.app.injectWS('/ws', { headers: { cookie } });
    try {
      const heard = new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
      const response = await send(operator.cookie, 'set-force-reload', { value: true, userIds: [user.id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(await heard).toEqual({ type: 'ForceReload' });
    } finally {
      socket.terminate();
    }
    const ping = async () => (await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie } })).json<{ forceReload: boolean }>().forceReload;
    expect(await ping()).toBe(true);
    expect(await ping()).toBe(false);
  });
});
