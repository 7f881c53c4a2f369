import { PublicReportLink, PublicReportLinkParams } from '../../schemas/api/public-report-link.ts';
import { publicReportLinkOf, requirePublicReportLinkManager } from '../../domain/users/public-report-link-policy.ts';
import { endPublicReportSessions } from '../../infra/auth/sessions.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// DELETE /api/public-report-link/{userId}: the unit's public report link stops working, and so do
// the visitor sessions it opened (they read nothing else, and were opened by the link now taken
// back). Revoking a unit without a link changes nothing and is no error.

export function revokePublicReportLinkRoute(app: App): void {
  app.delete('/api/public-report-link/:userId', { schema: { params: PublicReportLinkParams, response: { 200: PublicReportLink } } }, async (request) => {
    const { userId } = request.params;
    const session = requireUser(request);
    await requirePublicReportLinkManager(app.deps.sql, session, userId);
    await app.deps.sql.transaction(async (tx) => {
      const unit = await lockRow<{ id: number; public_report_token_code: string | null }>(tx, 'users', userId);
      if (!unit?.public_report_token_code) return;
      await updateAuditedRow(tx, 'users', unit, { public_report_token_code: null }, session.userId, 'revoke-public-report-link');
      await endPublicReportSessions(tx, userId, app.deps.now());
    });
    return publicReportLinkOf(request, userId, null);
  });
}
