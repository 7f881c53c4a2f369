import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipeList } from '../../schemas/api/recipes.ts';
import { routeDatabases, buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { insertAudioFile } from './support/library-kit.ts';

// GET /api/recipes: the recipe search of the search page and the recipe list (spec 2 section 7),
// over a few recipes in a fresh database.

describe.each(routeDatabases)('GET /api/recipes on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const recipe = { morning: 0, afternoon: 0, evening: 0, retired: 0 };

  const insertRecipe = async (name: string, description: string, searchPriority: number, insertionTime: string, active = true) => {
    const [row] = await t.sql.query<{ id: number }>(
      'INSERT INTO recipes (name, description, search_priority, insertion_time, active) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [name, description, searchPriority, insertionTime, active],
    );
    return row!.id;
  };
  const addItem = (recipeId: number, audioFileId: number, order: number, active = true) =>
    t.sql.query('INSERT INTO recipe_items (recipe_id, type, "order", audio_file_id, active) VALUES ($1, $2, $3, $4, $5)', [recipeId, 'Music', order, audioFileId, active]);

  beforeAll(async () => {
    t = await buildTestApp({ database });
    headers = { cookie: (await t.login(await t.createUser())).cookie };
    recipe.morning = await insertRecipe('Morning routine', '<p>News and a stretch.</p>', 2, '2026-01-01T08:00:00Z');
    recipe.afternoon = await insertRecipe('Afternoon together', '<p>A quiz and a waltz.</p>', 1, '2026-03-01T08:00:00Z');
    recipe.evening = await insertRecipe('Calm evening', '<p>A hymn before the night.</p>', 0, '2026-02-01T08:00:00Z');
    recipe.retired = await insertRecipe('Old morning', '', 5, '2026-04-01T08:00:00Z', false);
    const waltz = await insertAudioFile(t, { name: 'Summer Waltz', artist: 'Sointu Ensemble' });
    const hymn = await insertAudioFile(t, { name: 'Evening hymn', composer: 'Traditional' });
    const hiddenItem = await insertAudioFile(t, { name: 'Hidden polka' });
    await addItem(recipe.afternoon, waltz, 1);
    await addItem(recipe.evening, hymn, 1);
    await addItem(recipe.evening, hiddenItem, 2, false);
  });
  afterAll(() => t.close());

  const recipes = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/recipes${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return RecipeList.parse(response.json());
  };
  const names = async (query = '') => (await recipes(query)).items.map((r) => r.name);

  it('should return 401 without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/recipes' });
    expect(response.statusCode).toBe(401);
  });

  it('should list the active recipes by search priority, then name', async () => {
    const list = await recipes();
    expect(list.totalCount).toBe(3);
    expect(list.items.map((r) => r.name)).toEqual(['Morning routine', 'Afternoon together', 'Calm evening']);
    expect(list.items[0]).toMatchObject({ id: recipe.morning, description: '<p>News and a stretch.</p>', foundInRecipe: [] });
  });

  it('should list the newest first with sortByInsertionTime', async () => {
    expect(await names('?sortByInsertionTime=true')).toEqual(['Afternoon together', 'Calm evening', 'Morning routine']);
  });

  it('should page with offset and limit, counting every match', async () => {
    const second = await recipes('?offset=1&limit=1');
    expect(second).toMatchObject({ totalCount: 3, items: [{ name: 'Afternoon together' }] });
    expect(await recipes('?offset=10')).toEqual({ totalCount: 3, items: [] });
  });

  it('should match contentQuery in the name or description, with its wildcards', async () => {
    expect(await names('?contentQuery=*MORNING*')).toEqual(['Morning routine']);
    expect(await names(`?contentQuery=${encodeURIComponent('%stretch%')}`)).toEqual(['Morning routine']);
    // Without wildcards the whole name must match.
    expect(await names('?contentQuery=morning')).toEqual([]);
    expect(await names(`?contentQuery=${encodeURIComponent('Calm evening')}`)).toEqual(['Calm evening']);
  });

  it('should find a recipe by an audio file of its active items and name the files found', async () => {
    const byFile = await recipes('?contentQuery=*waltz*');
    expect(byFile.items).toEqual([expect.objectContaining({ name: 'Afternoon together', foundInRecipe: ['Summer Waltz'] })]);
    expect((await recipes('?contentQuery=*traditional*')).items).toEqual([expect.objectContaining({ name: 'Calm evening', foundInRecipe: ['Evening hymn'] })]);
    expect(await names('?contentQuery=*polka*')).toEqual([]);
  });

  it('should treat LIKE characters other than the wildcards as themselves', async () => {
    expect(await names('?contentQuery=*_*')).toEqual([]);
  });

  it('should answer ValidationError for a limit out of range or an unknown parameter', async () => {
    for (const query of ['?limit=0', '?limit=1001', '?offset=-1', '?sort=name']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/recipes${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.kind, query).toBe('ValidationError');
    }
  });
});
