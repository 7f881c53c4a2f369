import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { daysBetween, isSpecialDay, timingsOfDay } from '../../domain/recipes/recipe-timing-rules.ts';
import { RecipeTimings, TimingDaysQuery } from '../../schemas/api/timings.ts';
import { loadGroupTimings, loadTimingsViewer } from './recipe-timing-rows.ts';

// GET /api/recipe-timings?firstDay&lastDay (spec 2 section 7, "recipe timings {days}"): the recipes
// of each local day of the range for the caller's timings group, the day's recipe first, and the
// special days, for the calendar of current events.

export function getRecipeTimingsRoute(app: App): void {
  app.get('/api/recipe-timings', { schema: { querystring: TimingDaysQuery, response: { 200: RecipeTimings } } }, async (request) => {
    const { userId } = requireUser(request);
    const { firstDay, lastDay } = request.query;
    const viewer = await loadTimingsViewer(app.deps.sql, userId);
    const group = await loadGroupTimings(app.deps.sql, viewer.groupId, firstDay, lastDay);
    const days = daysBetween(firstDay, lastDay);
    return {
      timings: days.flatMap((day) =>
        timingsOfDay(day, group.dayTimings, group.recurring).map((t) => ({ id: t.id, kind: t.kind, day, recipeId: t.recipeId, recipeName: group.recipeNames.get(t.recipeId) ?? '', special: t.special })),
      ),
      specialDays: days.filter((day) => isSpecialDay(day, group.recurring)),
    };
  });
}
