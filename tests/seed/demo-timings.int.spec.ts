import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { daysBetween, isSpecialDay, recipeOfDay, timingsOfDay, type DayTiming, type RecurringTiming } from '../../domain/recipes/recipe-timing-rules.ts';
import { demoRecipes } from '../../tools/seed/demo-library.ts';
import { demoUserGroups } from '../../tools/seed/demo-units.ts';
import { seedDemoTimings } from '../../tools/seed/demo-timings.ts';

// The demo's recipe timings (issue 15 deliverable 6): every demo group has a recipe of the day on
// every day of any year, special days on the holidays, and timings of their own around the seed day.

describe('demo recipe timings', () => {
  let sql: Sql;
  const groups = new Map<string, number>();

  beforeAll(async () => {
    sql = await emptyPglite();
    await migrate(sql);
    for (const g of demoUserGroups) groups.set(g.name, Number((await sql.query<{ id: number }>('INSERT INTO user_groups (name) VALUES ($1) RETURNING id', [g.name]))[0]!.id));
    const recipes = new Map<string, number>();
    for (const r of demoRecipes) recipes.set(r.name, Number((await sql.query<{ id: number }>('INSERT INTO recipes (name) VALUES ($1) RETURNING id', [r.name]))[0]!.id));
    // 30 days before Christmas Eve: every third day from 15 days back would hit it.
    await seedDemoTimings(sql, groups, recipes, new Date('2026-11-24T10:00:00Z'));
  });
  afterAll(() => sql.close());

  it("should give every demo group a recipe on every day of the year, and special days", async () => {
    for (const groupId of groups.values()) {
      const recurring = (await sql.query<RecurringTiming & { recipe_id: number }>('SELECT id, recipe_id, month, day, week, special FROM ug_recurring_recipe_timings WHERE user_group_id = $1', [groupId]))
        .map((r) => ({ ...r, recipeId: r.recipe_id }));
      const days = (await sql.query<{ id: number; recipe_id: number; day: string }>('SELECT id, recipe_id, day::text AS day FROM ug_recipe_timings WHERE user_group_id = $1', [groupId]))
        .map((r): DayTiming => ({ id: r.id, recipeId: r.recipe_id, day: r.day }));
      expect(days.map((d) => d.day)).toContain('2026-11-24');
      for (const year of [2026, 2027, 2030]) {
        const all = daysBetween(`${year}-01-01`, `${year}-12-31`);
        expect(all.filter((d) => recipeOfDay(d, days, recurring) === null)).toEqual([]);
        expect(isSpecialDay(`${year}-12-24`, recurring)).toBe(true);
        // The holiday's own recipe is the day's recipe: no group timing outranks it.
        expect(timingsOfDay(`${year}-12-24`, days, recurring)[0]).toMatchObject({ kind: 'date', special: true });
        expect(all.filter((d) => isSpecialDay(d, recurring)).length).toBe(9);
      }
    }
  });
});
