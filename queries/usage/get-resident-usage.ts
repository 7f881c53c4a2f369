import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../infra/errors.ts';
import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { ResidentUsage, ResidentUsageParams } from '../../schemas/api/public-usage.ts';
import { getUsageSessions } from './get-usage-sessions.ts';
import { currentUsageWarehouse, loadReportUser, reportPeriod, type ReportUser } from './report-scope.ts';
import { isoFromClickHouse } from './warehouse-values.ts';

// GET /api/resident-usage/{id}/{first}/{last}: the participation report (spec 3 sections 2, 3):
// the counted sessions of the resident's unit that the resident took part in, in the unit's days.

/** A relative (users.resident_id = id), the resident's unit (residents.user_id) or its administrators. */
async function authorizeResidentReport(request: FastifyRequest, residentId: number): Promise<{ unit: ReportUser; relative: boolean }> {
  const session = requireUser(request);
  const { sql } = request.server.deps;
  const [resident] = await sql.query<{ user_id: number }>('SELECT user_id FROM residents WHERE id = $1', [residentId]);
  if (!resident) throw notFound();
  const unitId = Number(resident.user_id);
  const [relative] = await sql.query('SELECT 1 FROM users WHERE id = $1 AND resident_id = $2', [session.userId, residentId]);
  if (!relative) await requireAdminOf(request, unitId);
  const unit = await loadReportUser(sql, unitId);
  if (!unit) throw notFound();
  return { unit, relative: relative !== undefined };
}

export function getResidentUsageRoute(app: App): void {
  app.get('/api/resident-usage/:id/:first/:last', { schema: { params: ResidentUsageParams, querystring: z.strictObject({}), response: { 200: ResidentUsage } } }, async (request) => {
    const { id, first, last } = request.params;
    const { unit, relative } = await authorizeResidentReport(request, id);
    const period = reportPeriod(first, last, unit.timeZone, app.deps.now());
    const { sessions } = await getUsageSessions(app.deps.sql, await currentUsageWarehouse(app.deps), unit.id, period, { showShortSessions: false, residentId: id });
    // A relative sees their own resident's sessions; who else sat in them is the unit's to know,
    // not another family's: the others are only counted (spec 3 section 2 shows a participant
    // count to viewers of data not their own).
    const shown = relative
      ? sessions.map((session) => ({
          ...session,
          participants: session.participants.filter((p) => p.id === id),
          otherParticipantCount: session.participants.filter((p) => p.id !== id).length,
        }))
      : sessions;
    return { startTime: isoFromClickHouse(period.fromUtc), residentId: id, sessions: shown };
  });
}
