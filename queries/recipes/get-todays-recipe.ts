import { accessDenied } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { localDay, recipeOfDay } from '../../domain/recipes/recipe-timing-rules.ts';
import { TodaysRecipe } from '../../schemas/api/recipes.ts';
import { loadGroupTimings, loadTimingsViewer } from './recipe-timing-rows.ts';

// GET /api/todays-recipe: the recipe of today for the caller's timings group (spec 2 sections 2
// and 3; the todaysRecipe flag guards it). Today is the calendar day of the server's clock in the
// user's time zone, so it turns at local midnight, DST or not; which timing wins is
// domain/recipes/recipe-timing-rules.ts.

export function getTodaysRecipeRoute(app: App): void {
  app.get('/api/todays-recipe', { schema: { response: { 200: TodaysRecipe } } }, async (request) => {
    const { userId } = requireUser(request);
    const viewer = await loadTimingsViewer(app.deps.sql, userId);
    if (!viewer.config.todaysRecipe) throw accessDenied();
    const day = localDay(app.deps.now(), viewer.timeZone);
    const group = await loadGroupTimings(app.deps.sql, viewer.groupId, day, day);
    return { day, recipeId: recipeOfDay(day, group.dayTimings, group.recurring) };
  });
}
