import { DateTime } from 'luxon';
import type { Queryable } from '../../infra/sql/sql.ts';
import { insertAudited } from './insert-audited.ts';

// Recipe timings of the demo units' groups (migration 013; issue 15 deliverable 6), so today's
// recipe and the calendar of current events show something on any day, in any year: a recurring
// recipe for every ISO week, special days on the Finnish and Swedish holidays of fixed date, and
// group timings on every third day around the day of the seed. Rules: domain/recipes/recipe-timing-rules.ts.

/** The demo library's recipes (demo-library.ts), by name. */
const weekly = ['Morning routine', 'Afternoon together', 'Calm evening'];

/** Fixed-date holidays: special days, in orange in the calendar. */
export const demoSpecialDays: Array<{ month: number; day: number; recipe: string }> = [
  { month: 1, day: 1, recipe: 'Morning routine' },
  { month: 1, day: 6, recipe: 'Calm evening' },
  { month: 5, day: 1, recipe: 'Afternoon together' },
  { month: 6, day: 6, recipe: 'Afternoon together' },
  { month: 12, day: 6, recipe: 'Calm evening' },
  { month: 12, day: 13, recipe: 'Calm evening' },
  { month: 12, day: 24, recipe: 'Calm evening' },
  { month: 12, day: 25, recipe: 'Morning routine' },
  { month: 12, day: 31, recipe: 'Afternoon together' },
];

export async function seedDemoTimings(tx: Queryable, groupIds: ReadonlyMap<string, number>, recipeIds: ReadonlyMap<string, number>, now: Date): Promise<number> {
  const recipe = (name: string) => {
    const id = recipeIds.get(name);
    if (id === undefined) throw new Error(`Demo timings refer to unknown recipe ${name}`);
    return id;
  };
  const groups = [...groupIds.values()];
  const recurring = groups.flatMap((groupId, g) => [
    ...Array.from({ length: 53 }, (_, i) => ({ user_group_id: groupId, recipe_id: recipe(weekly[(i + g) % weekly.length]!), month: null, day: null, week: i + 1, special: false })),
    ...demoSpecialDays.map((s) => ({ user_group_id: groupId, recipe_id: recipe(s.recipe), month: s.month, day: s.day, week: null, special: true })),
  ]);
  const today = DateTime.fromJSDate(now).setZone('Europe/Helsinki').startOf('day');
  // Not on the holidays: a group timing of the day would outrank the holiday's recipe.
  const holiday = (d: DateTime) => demoSpecialDays.some((s) => s.month === d.month && s.day === d.day);
  const days = groups.flatMap((groupId, g) =>
    Array.from({ length: 20 }, (_, i) => ({ i, day: today.plus({ days: 3 * i - 15 }) }))
      .filter(({ day }) => !holiday(day))
      .map(({ i, day }) => ({ user_group_id: groupId, recipe_id: recipe(weekly[(i + g + 1) % weekly.length]!), day: day.toISODate() })),
  );
  const a = await insertAudited(tx, 'ug_recurring_recipe_timings', { user_group_id: 'integer', recipe_id: 'integer', month: 'integer', day: 'integer', week: 'integer', special: 'boolean' }, recurring, 'id');
  const b = await insertAudited(tx, 'ug_recipe_timings', { user_group_id: 'integer', recipe_id: 'integer', day: 'date' }, days, 'id');
  return a.length + b.length;
}
