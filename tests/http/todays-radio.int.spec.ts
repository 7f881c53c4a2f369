import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TodaysMessages } from '../../schemas/api/todays-messages.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFile, insertFile, temporaryFileStore } from './support/library-kit.ts';
import { testClock } from './support/usage-kit.ts';

// GET /api/todays-messages, the radio recipe of the day (spec 2 sections 1 and 3): the Radio items
// of the caller's recipe of today, today in their time zone, the recipe decided as GET
// /api/todays-recipe decides it; null without a recipe of the day, without Radio items or without
// the recipes flag.

describe('the radio recipe of the day on pglite', () => {
  // 00:30 on 24 November in Helsinki, still the 23rd in UTC.
  const clock = testClock('2026-11-23T22:30:00.000Z');
  const store = temporaryFileStore();
  let t: TestApp;
  let unit: TestUser;
  let noRecipes: TestUser;
  let groupless: TestUser;
  const ids = { radioDay: 0, musicDay: 0, news: 0, jazz: 0, waltz: 0 };
  const cookies = new Map<TestUser, Record<string, string>>();

  const insert = async (text: string, params: SqlParam[]) => Number((await t.sql.query<{ id: number }>(`${text} RETURNING id`, params))[0]!.id);
  const addItem = (recipeId: number, type: string, audioFileId: number, order: number, active = true) =>
    t.sql.query('INSERT INTO recipe_items (recipe_id, type, "order", audio_file_id, active) VALUES ($1, $2, $3, $4, $5)', [recipeId, type, order, audioFileId, active]);

  beforeAll(async () => {
    t = await buildTestApp({ database: 'pglite', now: clock.now, files: store.files });
    const groupId = await insert("INSERT INTO user_groups (name) VALUES ('Ward A')", []);
    const fileId = await insertFile(t, store.files, { name: 'tone.wav', contentType: 'audio/wav', bytes: new Uint8Array([1, 2, 3, 4]) });
    ids.news = await insertAudioFile(t, { name: 'Radio news', type: 'AudioProgram', length: 300, fileId });
    ids.jazz = await insertAudioFile(t, { name: 'Radio jazz hour', type: 'MusicPiece', artist: 'Sointu Trio', length: 3600 });
    ids.waltz = await insertAudioFile(t, { name: 'Summer Waltz', type: 'MusicPiece', length: 45, fileId });
    ids.radioDay = await insert('INSERT INTO recipes (name, description) VALUES ($1, $2)', ['Tuesday', '<p>Radio and a waltz.</p>']);
    ids.musicDay = await insert('INSERT INTO recipes (name) VALUES ($1)', ['Wednesday']);
    await addItem(ids.radioDay, 'Music', ids.waltz, 1);
    await addItem(ids.radioDay, 'Radio', ids.jazz, 3);
    await addItem(ids.radioDay, 'Radio', ids.news, 2);
    await addItem(ids.radioDay, 'Radio', ids.waltz, 4, false);
    await addItem(ids.musicDay, 'Music', ids.waltz, 1);
    for (const [recipeId, day] of [[ids.radioDay, '2026-11-24'], [ids.musicDay, '2026-11-25']] as const) {
      await t.sql.query('INSERT INTO ug_recipe_timings (user_group_id, recipe_id, day) VALUES ($1, $2, $3)', [groupId, recipeId, day]);
    }
    // todaysRecipe stays off: the radio row needs only the recipes flag.
    unit = await t.createUser();
    noRecipes = await t.createUser({ config: { recipes: false } });
    groupless = await t.createUser();
    for (const user of [unit, noRecipes]) await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, user.id]);
    for (const user of [unit, noRecipes, groupless]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await t.close();
    store.remove();
  });

  const todays = async (user: TestUser) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/todays-messages', headers: cookies.get(user) });
    expect(response.statusCode, response.body).toBe(200);
    return TodaysMessages.parse(response.json());
  };

  it("should answer the Radio items of today's recipe, today in the user's time zone", async () => {
    clock.set('2026-11-23T22:30:00.000Z');
    const { radio } = await todays(unit);
    expect(radio?.recipe).toEqual({ id: ids.radioDay, name: 'Tuesday', description: '<p>Radio and a waltz.</p>' });
    expect(radio?.items.map((i) => [i.type, i.audioFileName, i.length, i.recipeId])).toEqual([
      ['Radio', 'Radio news', 300, ids.radioDay],
      ['Radio', 'Radio jazz hour', 3600, ids.radioDay],
    ]);
    expect(radio?.items[0]?.streamUrl).toMatch(/^\/api\/audio-file\//);
    // No stored audio: listed, but nothing to stream.
    expect(radio?.items[1]?.streamUrl).toBeNull();
  });

  it('should answer null on a day whose recipe has no Radio items, and on a day without a recipe', async () => {
    clock.set('2026-11-24T22:30:00.000Z');
    expect((await todays(unit)).radio).toBeNull();
    clock.set('2026-11-26T10:00:00.000Z');
    expect((await todays(unit)).radio).toBeNull();
  });

  it('should answer null without the recipes flag or without a timings group', async () => {
    clock.set('2026-11-24T10:00:00.000Z');
    expect((await todays(unit)).radio?.recipe.id).toBe(ids.radioDay);
    expect((await todays(noRecipes)).radio).toBeNull();
    expect((await todays(groupless)).radio).toBeNull();
  });
});
