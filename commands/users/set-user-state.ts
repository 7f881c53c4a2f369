import { UserStateRequest, UserStateResult } from '../../schemas/api/user-state.ts';
import { accessDenied, notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// POST /api/user-state {state}: only a session with the admin flag (the admin-password login or
// login-as-user: spec 1 shows 'Set User State' for the admin flag only) sets the interface state
// of the account it is in, audited with the administrator who did it. Everyone else is
// AccessDenied: a user does not set their own state this way.

export function setUserStateRoute(app: App): void {
  app.post('/api/user-state', { schema: { body: UserStateRequest, response: { 200: UserStateResult } } }, async (request) => {
    const session = requireUser(request);
    if (!session.admin) throw accessDenied();
    const actorId = session.supportBy ?? session.userId;
    await app.deps.sql.transaction(async (tx) => {
      const user = await lockRow<{ id: number; ui_state: unknown }>(tx, 'users', session.userId);
      if (!user) throw notFound();
      // Compared as JSON: an unchanged state writes nothing, not even an audit row.
      const next = JSON.stringify(request.body.state);
      if (JSON.stringify(user.ui_state) === next) return;
      await updateAuditedRow(tx, 'users', { ...user, ui_state: JSON.stringify(user.ui_state) }, { ui_state: next }, actorId, 'user-state');
    });
    return { ok: true as const };
  });
}

