import { validationError } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { UsageLogRequest, UsageLogResult } from '../../schemas/api/usage-log.ts';
import { streams } from '../../schemas/events/index.ts';
import { checkClientTimes, checkReferences, parseUsageLog } from './parse-usage-log.ts';
import { usageLogEvents } from './usage-log-events.ts';

// POST /api/usage-log: what the browser saw the user do (spec 1 section 4, spec 3 section 4).
//
// All or nothing: a post is checked whole before anything is stored, and all its events are
// appended with ONE appendMany call, i.e. one transaction. A post with one bad sample stores
// nothing (ValidationError naming the sample's field); a post that fails on the way stores
// nothing, and the browser posts it again. A retried post stores nothing twice: event ids are
// uuid v5 of the facts (usage-log-events.ts) and the store skips ids it holds.
// Sessions logged in with the admin flag are not logged (spec 3 section 6): OK, nothing stored.
// A stopSession page names no session: which start it closes is decided by client time in the
// warehouse derivation (DOMAIN.md section 3), so it cannot depend on what had arrived before it.

export function postUsageLogRoute(app: App): void {
  app.post('/api/usage-log', { schema: { body: UsageLogRequest, response: { 200: UsageLogResult } } }, async (request) => {
    const session = requireUser(request);
    const { sql, store, now } = app.deps;
    const log = parseUsageLog(request.body.data);
    if (session.admin) return { ok: true as const, appended: 0 };

    const receivedAt = now();
    const issues = [...checkClientTimes(log, receivedAt), ...(await checkReferences(sql, session.userId, log))];
    if (issues.length > 0) throw validationError(issues);

    const events = usageLogEvents(log, {
      userId: session.userId,
      sessionToken: session.sessionToken,
      publicReport: session.publicReport,
      receivedAt,
      correlationId: request.id,
    });
    if (events.length === 0) return { ok: true as const, appended: 0 };
    const [result] = await store.appendMany([{ stream: streams.usage(session.userId), events }]);
    return { ok: true as const, appended: result?.appended ?? 0 };
  });
}
