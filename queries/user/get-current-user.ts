import { CurrentUser, GetCurrentUserQuery } from '../../schemas/api/user.ts';
import { unauthorized } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { toCurrentUser } from '../../infra/users/current-user.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { loadMessageReceivers } from '../messages/message-receivers.ts';

// GET /api/ loads the logged-in user with every config flag defaulted. The contract is checked on
// every load, not only at login, so a contract that ends while a browser stays open still blocks.
// publicReport=true answers the user as the public report view shows it (spec 1 section 7).

export function getCurrentUserRoute(app: App): void {
  app.get('/api/', { schema: { querystring: GetCurrentUserQuery.strict(), response: { 200: CurrentUser } } }, async (request) => {
    const session = requireUser(request, { allowPublicReport: true });
    const user = await loadUser(app.deps.sql, session.userId);
    if (!user || !user.active) throw unauthorized();
    if (!session.admin) assertContractActive(user, app.deps.now(), app.deps.config.contactEmail);
    const current = { ...toCurrentUser(user, session, { publicReportView: request.query.publicReport === 'true' }), iframeHosts: app.deps.config.iframeHosts ?? [] };
    // A token visitor sends no messages, and the unit's receivers are not theirs to read.
    return current.publicReport ? current : { ...current, ...(await loadMessageReceivers(app.deps.sql, user.id)) };
  });
}
