import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAll } from '../../projections/engine/project-all.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { RecipeItems } from '../../schemas/api/recipe-items.ts';
import { RecipeList } from '../../schemas/api/recipes.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { insertAudioFile, insertFile, temporaryFileStore } from './support/library-kit.ts';

// POST /api/get-recipe-items (spec 2 sections 3 and 7): a recipe's header and its active items of
// active files, in order, with stream URLs; unknown or retired recipes NotFound naming the field;
// and GET /api/recipes naming the caller's favorite lists that hold a recipe.

describe('POST /api/get-recipe-items', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const store = temporaryFileStore();
  const ids = { morning: 0, evening: 0, retired: 0, waltz: 0, news: 0, hymn: 0 };

  const insertRecipe = async (name: string, description: string | null, active = true) => {
    const [row] = await t.sql.query<{ id: number }>('INSERT INTO recipes (name, description, active) VALUES ($1, $2, $3) RETURNING id', [name, description, active]);
    return row!.id;
  };
  const addItem = (recipeId: number, type: string, audioFileId: number, order: number, active = true) =>
    t.sql.query('INSERT INTO recipe_items (recipe_id, type, "order", audio_file_id, active) VALUES ($1, $2, $3, $4, $5)', [recipeId, type, order, audioFileId, active]);
  const post = (payload: unknown, h: Record<string, string> = headers) => t.app.inject({ method: 'POST', url: '/api/get-recipe-items', headers: h, payload: payload as object });

  beforeAll(async () => {
    t = await buildTestApp({ database: 'pglite', files: store.files });
    headers = { cookie: (await t.login(await t.createUser({ config: { canCreateFavoriteLists: true } }))).cookie };
    const fileId = await insertFile(t, store.files, { name: 'tone.wav', contentType: 'audio/wav', bytes: new Uint8Array([1, 2, 3, 4]) });
    ids.waltz = await insertAudioFile(t, { name: 'Summer Waltz', type: 'MusicPiece', artist: 'Sointu Ensemble', length: 45, fileId, description: '<p>A waltz.</p>' });
    ids.news = await insertAudioFile(t, { name: 'The week in brief', type: 'AudioProgram', length: 58, fileId });
    ids.hymn = await insertAudioFile(t, { name: 'Evening hymn', type: 'AudioProgram', length: 60 });
    const retiredFile = await insertAudioFile(t, { name: 'Retired polka', type: 'MusicPiece', length: 30, fileId, active: false });
    ids.morning = await insertRecipe('Morning routine', '<p>News and a <b>waltz</b>.</p>');
    ids.evening = await insertRecipe('Calm evening', null);
    ids.retired = await insertRecipe('Old recipe', '', false);
    await addItem(ids.morning, 'Music', ids.waltz, 2);
    await addItem(ids.morning, 'News', ids.news, 1);
    await addItem(ids.morning, 'Music', retiredFile, 3);
    await addItem(ids.morning, 'Game', ids.news, 4, false);
    await addItem(ids.evening, 'Spiritual', ids.hymn, 1);
  });
  afterAll(async () => {
    await t.close();
    store.remove();
  });

  it('should return 401 without a login', async () => {
    expect((await post({ recipeIds: [ids.morning] }, {})).statusCode).toBe(401);
  });

  it('should answer the header and the active items of active files in order, with stream URLs', async () => {
    const response = await post({ recipeIds: [ids.morning] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = RecipeItems.parse(response.json());
    expect(answer.recipes).toEqual([{ id: ids.morning, name: 'Morning routine', description: '<p>News and a <b>waltz</b>.</p>' }]);
    expect(answer.items.map((i) => [i.type, i.audioFileName])).toEqual([
      ['News', 'The week in brief'],
      ['Music', 'Summer Waltz'],
    ]);
    expect(answer.items[1]).toMatchObject({
      recipeId: ids.morning,
      audioFileId: ids.waltz,
      audioFileType: 'MusicPiece',
      artist: 'Sointu Ensemble',
      description: '<p>A waltz.</p>',
      length: 45,
      streamUrl: expect.stringMatching(new RegExp(`^/api/audio-file/${ids.waltz}/`)),
    });
  });

  it('should answer several recipes in request order, a file without audio without a stream URL', async () => {
    const answer = RecipeItems.parse((await post({ recipeIds: [ids.evening, ids.morning, ids.evening] })).json());
    expect(answer.recipes.map((r) => r.name)).toEqual(['Calm evening', 'Morning routine']);
    expect(answer.items.map((i) => i.recipeId)).toEqual([ids.evening, ids.morning, ids.morning]);
    expect(answer.items[0]).toMatchObject({ type: 'Spiritual', streamUrl: null, description: null });
  });

  it('should answer NotFound naming the field for an unknown or retired recipe', async () => {
    for (const recipeIds of [[99_999_999], [ids.morning, ids.retired]]) {
      const response = await post({ recipeIds });
      expect(response.statusCode, JSON.stringify(recipeIds)).toBe(404);
      const error = response.json().error;
      expect(error.kind).toBe('NotFound');
      expect(error.details).toEqual([{ path: `recipeIds.${recipeIds.length - 1}`, message: expect.stringContaining('No such recipe') }]);
    }
  });

  it('should answer ValidationError naming the field for bad input', async () => {
    const bad: unknown[] = [{}, { recipeIds: [] }, { recipeIds: ['x'] }, { recipeIds: [-1] }, { recipeIds: [0] }, { recipeIds: [1.5] }, { recipeIds: [2 ** 31] }, { recipeIds: Array.from({ length: 101 }, (_, i) => i + 1) }, { recipeIds: [1], extra: true }, [1]];
    for (const payload of bad) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().error;
      expect(error.kind, JSON.stringify(payload)).toBe('ValidationError');
      expect(JSON.stringify(error.details), JSON.stringify(payload)).toMatch(/recipeIds|extra|root|^\[/);
    }
  });

  it('should name the favorite lists holding a recipe in GET /api/recipes, the reader\'s own only', async () => {
    const call = async (method: 'POST' | 'PUT', url: string, payload: object, h = headers) => {
      const response = await t.app.inject({ method, url, headers: h, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const list = await call('POST', '/api/user-tag-groups', { name: 'Mornings', description: '' });
    await call('PUT', '/api/set-recipe-favorite', { userTagGroupId: list.id, recipeId: ids.morning, value: true });
    await call('PUT', '/api/set-recipe-favorite', { userTagGroupId: 0, recipeId: ids.morning, value: true });
    await projectAll({ log: t.store, sql: t.sql, projectors: [favoritesProjector] });
    const mine = RecipeList.parse((await t.app.inject({ method: 'GET', url: '/api/recipes', headers })).json());
    expect(mine.items.find((r) => r.id === ids.morning)?.favoriteLists).toEqual([
      { id: 0, name: null },
      { id: list.id, name: 'Mornings' },
    ]);
    expect(mine.items.find((r) => r.id === ids.evening)?.favoriteLists).toEqual([]);
    const other = { cookie: (await t.login(await t.createUser())).cookie };
    const theirs = RecipeList.parse((await t.app.inject({ method: 'GET', url: '/api/recipes', headers: other })).json());
    expect(theirs.items.find((r) => r.id === ids.morning)?.favoriteLists).toEqual([]);
  });
});
