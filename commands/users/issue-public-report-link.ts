import { randomBytes } from 'node:crypto';
import { PublicReportLink, PublicReportLinkParams } from '../../schemas/api/public-report-link.ts';
import { publicReportLinkOf, requirePublicReportLinkManager } from '../../domain/users/public-report-link-policy.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// POST /api/public-report-link/{userId}: a new public report link for the unit. The token replaces
// any earlier one (an old link stops working) and is random enough not to be guessed; the change
// is audited like every change of a user row (DOMAIN.md section 1).

export function issuePublicReportLinkRoute(app: App): void {
  app.post('/api/public-report-link/:userId', { schema: { params: PublicReportLinkParams, response: { 200: PublicReportLink } } }, async (request) => {
    const { userId } = request.params;
    const session = requireUser(request);
    await requirePublicReportLinkManager(app.deps.sql, session, userId);
    const token = randomBytes(24).toString('base64url');
    await app.deps.sql.transaction(async (tx) => {
      const unit = await lockRow<{ id: number; public_report_token_code: string | null }>(tx, 'users', userId);
      if (unit) await updateAuditedRow(tx, 'users', unit, { public_report_token_code: token }, session.userId, 'issue-public-report-link');
    });
    return publicReportLinkOf(request, userId, token);
  });
}
