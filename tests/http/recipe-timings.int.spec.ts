import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { MessageTimings, RecipeTimings } from '../../schemas/api/timings.ts';
import { TodaysRecipe } from '../../schemas/api/recipes.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { testClock } from './support/usage-kit.ts';

// The calendar of current events and today's recipe (spec 2 sections 2, 3 and 7; issue 15):
// GET /api/recipe-timings, GET /api/message-timings and GET /api/todays-recipe over a user group's
// timings, with an injected clock for local midnight and the DST changes of Europe/Helsinki.

describe.each(routeDatabases)('recipe and message timings on %s', (database) => {
  const clock = testClock('2026-11-24T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let unit: TestUser;
  let stockholm: TestUser;
  let groupless: TestUser;
  let flagless: TestUser;
  let writer: TestUser;
  let groupId: number;
  const recipe = { morning: 0, evening: 0, christmas: 0, weekly: 0, retired: 0 };
  const cookies = new Map<TestUser, Record<string, string>>();

  const insert = async (text: string, params: SqlParam[]) => Number((await t.sql.query<{ id: number }>(`${text} RETURNING id`, params))[0]!.id);

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    groupId = await insert("INSERT INTO user_groups (name) VALUES ('Ward A')", []);
    for (const name of Object.keys(recipe) as (keyof typeof recipe)[]) recipe[name] = await insert('INSERT INTO recipes (name, active) VALUES ($1, $2)', [name, name !== 'retired']);
    unit = await t.createUser({ config: { todaysRecipe: true } });
    stockholm = await t.createUser({ config: { todaysRecipe: true, timeZone: 'Europe/Stockholm' } });
    groupless = await t.createUser({ config: { todaysRecipe: true } });
    flagless = await t.createUser();
    writer = await t.createUser({ config: { canCreateRecommendations: true } });
    for (const user of [unit, stockholm, flagless]) await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, user.id]);
    // The writer sees the ward's timings through timingsUserGroupId.
    await t.sql.query('UPDATE users SET timings_user_group_id = $1 WHERE id = $2', [groupId, writer.id]);
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($2, $1)', [writer.id, unit.id]);

    const day = (recipeId: number, d: string) => t.sql.query('INSERT INTO ug_recipe_timings (user_group_id, recipe_id, day) VALUES ($1, $2, $3)', [groupId, recipeId, d]);
    const recurring = (recipeId: number, f: { month?: number; day?: number; week?: number; special?: boolean }) =>
      t.sql.query('INSERT INTO ug_recurring_recipe_timings (user_group_id, recipe_id, month, day, week, special) VALUES ($1, $2, $3, $4, $5, $6)', [
        groupId, recipeId, f.month ?? null, f.day ?? null, f.week ?? null, f.special ?? false,
      ]);
    // Every day of weeks 13, 43 and 48; the Sunday of week 43 (the DST change) has its own recipe.
    for (const week of [13, 43, 48]) await recurring(recipe.weekly, { week });
    await recurring(recipe.evening, { week: 43, day: 7 });
    await recurring(recipe.christmas, { month: 12, day: 24, special: true });
    await recurring(recipe.retired, { month: 11, day: 25 });
    await day(recipe.morning, '2026-11-24');
    await day(recipe.morning, '2026-03-29');
    await day(recipe.retired, '2026-11-26');
    for (const user of [unit, stockholm, groupless, flagless, writer]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user ? cookies.get(user) : {} });
  const ok = async (user: TestUser, url: string) => {
    const response = await get(user, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const todaysRecipe = async (user: TestUser) => TodaysRecipe.parse(await ok(user, '/api/todays-recipe'));

  describe('GET /api/recipe-timings', () => {
    it("should list each day's recipes, the day's own timing first, and the special days", async () => {
      const answer = RecipeTimings.parse(await ok(unit, '/api/recipe-timings?firstDay=2026-11-23&lastDay=2026-11-30'));
      const byDay = (d: string) => answer.timings.filter((x) => x.day === d).map((x) => [x.kind, x.recipeName]);
      expect(byDay('2026-11-24')).toEqual([['day', 'morning'], ['week', 'weekly']]);
      expect(byDay('2026-11-23')).toEqual([['week', 'weekly']]);
      // Timings of an inactive recipe are left out.
      expect(byDay('2026-11-25')).toEqual([['week', 'weekly']]);
      expect(byDay('2026-11-26')).toEqual([['week', 'weekly']]);
      expect(byDay('2026-11-30')).toEqual([]);
      expect(answer.specialDays).toEqual([]);
      const december = RecipeTimings.parse(await ok(unit, '/api/recipe-timings?firstDay=2026-12-20&lastDay=2026-12-31'));
      expect(december.timings).toEqual([{ id: expect.any(Number), kind: 'date', day: '2026-12-24', recipeId: recipe.christmas, recipeName: 'christmas', special: true }]);
      expect(december.specialDays).toEqual(['2026-12-24']);
    });

    it('should answer nothing for a user in no group, and the timings group for one that has it', async () => {
      expect(await ok(groupless, '/api/recipe-timings?firstDay=2026-11-23&lastDay=2026-11-30')).toEqual({ timings: [], specialDays: [] });
      const writers = RecipeTimings.parse(await ok(writer, '/api/recipe-timings?firstDay=2026-11-24&lastDay=2026-11-24'));
      expect(writers.timings.map((x) => x.recipeId)).toEqual([recipe.morning, recipe.weekly]);
    });

    it('should refuse malformed days and ranges with a ValidationError naming the field', async () => {
      const cases: Array<[string, string]> = [
        ['firstDay=2026-11-31&lastDay=2026-12-01', 'querystring.firstDay'],
        ['firstDay=tomorrow&lastDay=2026-12-01', 'querystring.firstDay'],
        ['firstDay=2026-11-01&lastDay=2026-12-13', 'querystring.lastDay'],
        ['firstDay=2026-11-02&lastDay=2026-11-01', 'querystring.lastDay'],
        ['firstDay=1999-12-31&lastDay=2000-01-01', 'querystring.firstDay'],
        ['firstDay=2026-11-01', 'querystring.lastDay'],
        ['firstDay=2026-11-01&lastDay=2026-11-02&extra=1', 'querystring'],
      ];
      for (const [query, field] of cases) {
        for (const path of ['/api/recipe-timings', '/api/message-timings']) {
          const response = await get(unit, `${path}?${query}`);
          expect(response.statusCode, `${path}?${query}`).toBe(400);
          const error = response.json().error;
          expect(error.kind).toBe('ValidationError');
          expect(JSON.stringify(error.details), `${path}?${query}`).toContain(field);
        }
      }
      // 42 days, a calendar month in six weeks, is the most.
      expect((await get(unit, '/api/recipe-timings?firstDay=2026-11-01&lastDay=2026-12-12')).statusCode).toBe(200);
    });

    it('should ask for a login', async () => {
      expect((await get(null, '/api/recipe-timings?firstDay=2026-11-01&lastDay=2026-11-02')).statusCode).toBe(401);
      expect((await get(null, '/api/message-timings?firstDay=2026-11-01&lastDay=2026-11-02')).statusCode).toBe(401);
      expect((await get(null, '/api/todays-recipe')).statusCode).toBe(401);
    });
  });

  describe('GET /api/todays-recipe', () => {
    it("should answer the group's recipe of the local day, the day's own timing first", async () => {
      clock.set('2026-11-24T10:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-11-24', recipeId: recipe.morning });
      clock.set('2026-11-30T10:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-11-30', recipeId: null });
      clock.set('2026-12-24T10:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-12-24', recipeId: recipe.christmas });
      expect(await todaysRecipe(groupless)).toEqual({ day: '2026-12-24', recipeId: null });
    });

    it('should turn at local midnight, in the user time zone', async () => {
      // Helsinki is UTC+2 in November: 2026-11-23 22:00 UTC is midnight of the 24th.
      clock.set('2026-11-23T21:59:59.999Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-11-23', recipeId: recipe.weekly });
      clock.set('2026-11-23T22:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-11-24', recipeId: recipe.morning });
      // Stockholm is an hour behind: still the 23rd there.
      expect(await todaysRecipe(stockholm)).toEqual({ day: '2026-11-23', recipeId: recipe.weekly });
      clock.set('2026-11-24T22:59:59.999Z');
      expect(await todaysRecipe(stockholm)).toEqual({ day: '2026-11-24', recipeId: recipe.morning });
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-11-25', recipeId: recipe.weekly });
    });

    it('should keep the days right across the DST changes of the last Sundays of March and October', async () => {
      // 2026-10-25, the Sunday of week 43: clocks go back from 04:00 (UTC+3) to 03:00 (UTC+2).
      clock.set('2026-10-24T20:59:59.999Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-10-24', recipeId: recipe.weekly });
      clock.set('2026-10-24T21:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-10-25', recipeId: recipe.evening });
      // The 25th has 25 hours: it ends at 22:00 UTC, not 21:00.
      clock.set('2026-10-25T21:30:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-10-25', recipeId: recipe.evening });
      clock.set('2026-10-25T22:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-10-26', recipeId: null });
      // 2026-03-29, the Sunday of week 13: clocks go forward from 03:00 (UTC+2) to 04:00 (UTC+3);
      // the day starts at 22:00 UTC the evening before and has 23 hours.
      clock.set('2026-03-28T21:59:59.999Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-03-28', recipeId: recipe.weekly });
      clock.set('2026-03-28T22:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-03-29', recipeId: recipe.morning });
      clock.set('2026-03-29T20:59:59.999Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-03-29', recipeId: recipe.morning });
      clock.set('2026-03-29T21:00:00.000Z');
      expect(await todaysRecipe(unit)).toEqual({ day: '2026-03-30', recipeId: null });
    });

    it('should refuse a user without the todaysRecipe flag', async () => {
      const response = await get(flagless, '/api/todays-recipe');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.kind).toBe('AccessDenied');
    });
  });

  describe('GET /api/message-timings', () => {
    const send = async (from: TestUser, message: object) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/messages', headers: cookies.get(from), payload: { sent: true, ...message } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id as number;
    };

    it("should put the caller's messages on the days they are active, and only others' recommendations", async () => {
      clock.set('2026-11-24T10:00:00.000Z');
      const toUnit = { recipients: [{ id: unit.id }] };
      const week = await send(writer, { title: 'Advent week', recommendation: true, ...toUnit, time: '2026-11-27T22:00:00Z', expireTime: '2026-12-01T10:00:00Z' });
      const concert = await send(writer, { title: 'Concert', ...toUnit, time: '2026-11-25T16:00:00Z' });
      // 21:30 UTC is 23:30 in Helsinki: still the 28th there.
      const late = await send(unit, { title: 'Late note', recipients: [{ id: writer.id }], time: '2026-11-28T21:30:00Z' });
      const unitsNote = await send(unit, { title: 'My own tip', recipients: [{ id: writer.id }], time: '2026-11-26T08:00:00Z' });
      await send(writer, { title: 'Too early', ...toUnit, time: '2026-11-01T08:00:00Z', expireTime: '2026-11-02T08:00:00Z' });
      await runner.waitUntilCaughtUp(20_000);

      const answer = MessageTimings.parse(await ok(unit, '/api/message-timings?firstDay=2026-11-23&lastDay=2026-11-30'));
      const pairs = answer.timings.map((x) => [x.day, x.title]);
      expect(pairs).toEqual([
        ['2026-11-25', 'Concert'],
        ['2026-11-26', 'My own tip'],
        ['2026-11-28', 'Advent week'],
        ['2026-11-28', 'Late note'],
        ['2026-11-29', 'Advent week'],
        ['2026-11-30', 'Advent week'],
      ]);
      expect(answer.timings.find((x) => x.id === week)).toMatchObject({ recommendation: true, own: false });
      expect(answer.timings.find((x) => x.id === late)).toMatchObject({ own: true });
      expect(answer.timings.map((x) => x.id)).toContain(concert);
      expect(answer.timings.map((x) => x.id)).toContain(unitsNote);
      // The writer's own recommendation is not on their calendar; the unit's messages to them are.
      const writers = MessageTimings.parse(await ok(writer, '/api/message-timings?firstDay=2026-11-23&lastDay=2026-11-30'));
      expect(writers.timings.map((x) => x.title)).toEqual(['Concert', 'My own tip', 'Late note']);
      // A user the messages are not for sees none of them.
      expect(await ok(groupless, '/api/message-timings?firstDay=2026-11-23&lastDay=2026-11-30')).toEqual({ timings: [] });
    });
  });
});
