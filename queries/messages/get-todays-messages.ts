import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { GetMessagesQuery } from '../../schemas/api/messages.ts';
import { TodaysMessages, type TodaysRadio } from '../../schemas/api/todays-messages.ts';
import { describeItems, describeMessages } from '../../domain/messages/message-views.ts';
import { localDay, recipeOfDay } from '../../domain/recipes/recipe-timing-rules.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { StreamUrlOf } from '../library/load-audio-files.ts';
import { streamUrlFor } from '../library/stream-url-for.ts';
import { loadRecipeHeaders, loadRecipeItems } from '../recipes/recipe-item-rows.ts';
import { loadGroupTimings, loadTimingsViewer } from '../recipes/recipe-timing-rows.ts';
import { findMessageItems, findMessages } from './message-rows.ts';

// GET /api/todays-messages: the active recommendation messages addressed to the caller (not their
// own: a user reads only what was sent to them or their group) with their items, for the today's
// messages player (spec 2 section 2). Active is as of now: an instant, so the same in every time
// zone; a message with no active-until stays on the page from its active-from on.

/** At most this many messages make one day's page. */
const maxMessages = 100;

export function getTodaysMessagesRoute(app: App): void {
  app.get('/api/todays-messages', { schema: { response: { 200: TodaysMessages } } }, async (request) => {
    const session = requireUser(request);
    const viewerId = session.userId;
    const { sql, now } = app.deps;
    const at = now();
    const query = GetMessagesQuery.parse({ own: false, sent: true, active: true, recommendation: true, limit: maxMessages });
    // Newest first from the read model; the day reads from its first message on.
    const records = (await findMessages(sql, viewerId, query, at)).reverse();
    const items = records.length === 0 ? [] : await findMessageItems(sql, viewerId, records.map((m) => m.id));
    const radio = await todaysRadio(sql, viewerId, at, streamUrlFor(request, session));
    return { messages: await describeMessages(sql, records, viewerId, at), items: await describeItems(sql, items), radio };
  });
}

async function todaysRadio(sql: Queryable, userId: number, at: Date, streamUrlOf: StreamUrlOf): Promise<TodaysRadio | null> {
  const viewer = await loadTimingsViewer(sql, userId);
  if (!viewer.config.recipes) return null;
  const day = localDay(at, viewer.timeZone);
  const group = await loadGroupTimings(sql, viewer.groupId, day, day);
  const recipeId = recipeOfDay(day, group.dayTimings, group.recurring);
  if (recipeId === null) return null;
  const [recipe] = await loadRecipeHeaders(sql, [recipeId]);
  const items = (await loadRecipeItems(sql, [recipeId], streamUrlOf)).filter((i) => i.type === 'Radio');
  return recipe && items.length > 0 ? { recipe, items } : null;
}
