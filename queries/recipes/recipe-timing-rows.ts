import { IANAZone } from 'luxon';
import type { Queryable } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import type { DayTiming, RecurringTiming } from '../../domain/recipes/recipe-timing-rules.ts';
import type { UserConfig } from '../../schemas/api/user.ts';

// The recipe timings a user sees (migration 013): those of their timings group (timingsUserGroupId,
// spec 3 users), else of their own user group. A user in no group has none.

export interface TimingsViewer {
  groupId: number | null;
  timeZone: string;
  config: UserConfig;
}

const defaultTimeZone = 'Europe/Helsinki';

export async function loadTimingsViewer(sql: Queryable, userId: number): Promise<TimingsViewer> {
  const user = await loadUser(sql, userId);
  const [row] = await sql.query<{ group_id: number | null }>('SELECT COALESCE(timings_user_group_id, user_group_id) AS group_id FROM users WHERE id = $1', [userId]);
  if (!user) throw new Error(`session of unknown user ${userId}`);
  // A zone luxon does not know would move every day boundary silently; the default is safer.
  const timeZone = IANAZone.isValidZone(user.config.timeZone) ? user.config.timeZone : defaultTimeZone;
  return { groupId: row?.group_id == null ? null : Number(row.group_id), timeZone, config: user.config };
}

export interface GroupTimings {
  dayTimings: DayTiming[];
  recurring: RecurringTiming[];
  /** Names of the active recipes timed; timings of inactive recipes are left out. */
  recipeNames: Map<number, string>;
}

/** The group's timings of the days first..last and all its recurring timings, of active recipes. */
export async function loadGroupTimings(sql: Queryable, groupId: number | null, first: string, last: string): Promise<GroupTimings> {
  if (groupId === null) return { dayTimings: [], recurring: [], recipeNames: new Map() };
  const days = await sql.query<{ id: number; recipe_id: number; day: string; name: string }>(
    `SELECT t.id, t.recipe_id, t.day::text AS day, r.name FROM ug_recipe_timings t JOIN recipes r ON r.id = t.recipe_id AND r.active
      WHERE t.user_group_id = $1 AND t.day BETWEEN $2::date AND $3::date`,
    [groupId, first, last],
  );
  const recurring = await sql.query<{ id: number; recipe_id: number; month: number | null; day: number | null; week: number | null; special: boolean; name: string }>(
    `SELECT t.id, t.recipe_id, t.month, t.day, t.week, t.special, r.name FROM ug_recurring_recipe_timings t JOIN recipes r ON r.id = t.recipe_id AND r.active
      WHERE t.user_group_id = $1`,
    [groupId],
  );
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    dayTimings: days.map((r) => ({ id: Number(r.id), recipeId: Number(r.recipe_id), day: r.day })),
    recurring: recurring.map((r) => ({ id: Number(r.id), recipeId: Number(r.recipe_id), month: n(r.month), day: n(r.day), week: n(r.week), special: r.special })),
    recipeNames: new Map([...days, ...recurring].map((r) => [Number(r.recipe_id), r.name])),
  };
}
