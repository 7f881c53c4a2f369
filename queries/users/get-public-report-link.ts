import { PublicReportLink, PublicReportLinkParams } from '../../schemas/api/public-report-link.ts';
import { publicReportLinkOf, requirePublicReportLinkManager } from '../../domain/users/public-report-link-policy.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/public-report-link/{userId}: the unit's current public report link, or none.

export function getPublicReportLinkRoute(app: App): void {
  app.get('/api/public-report-link/:userId', { schema: { params: PublicReportLinkParams, response: { 200: PublicReportLink } } }, async (request) => {
    const { userId } = request.params;
    await requirePublicReportLinkManager(app.deps.sql, requireUser(request), userId);
    const [row] = await app.deps.sql.query<{ token: string | null }>('SELECT public_report_token_code AS token FROM users WHERE id = $1', [userId]);
    return publicReportLinkOf(request, userId, row?.token ?? null);
  });
}
