import { DateTime } from 'luxon';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import {
  UsageDetailsParams,
  UsageSessionTable,
  UsageSessionTableQuery,
  type IdentifiedResident,
  type ResidentTotal,
  type SessionTableRow,
} from '../../schemas/api/usage-details.ts';
import { getUsageSessions, type SessionFilter } from './get-usage-sessions.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';
import { roundSeconds } from './warehouse-values.ts';

// GET /api/usage-session-table/{userId}/{first}/{last}?residentId&showShort: the detailed session
// table of spec 3 section 2, one row per play (a session without plays gets one row), dates and
// times in the user's zone. Residents' names and identifications are personal data of the unit:
// they appear, with a totals footer per resident, only to viewers looking at their own data; an
// administrator gets the participant count only, and the names are not even sent.

export async function getUsageSessionTable(
  sql: Queryable,
  source: UsageWarehouse,
  user: ReportUser,
  period: ReportPeriod,
  filter: SessionFilter,
  ownData: boolean,
): Promise<UsageSessionTable> {
  const { sessions, totalUsage } = await getUsageSessions(sql, source, user.id, period, filter);
  const zone = user.timeZone;
  const local = (iso: string) => DateTime.fromISO(iso, { zone });

  const residentIds = [...new Set(sessions.flatMap((s) => s.participants.map((p) => p.id)))];
  const identifications = new Map(
    (ownData && residentIds.length > 0
      ? await sql.query<{ id: number; identification: string | null }>('SELECT id, identification FROM residents WHERE id = ANY($1::int[])', [residentIds])
      : []
    ).map((r) => [Number(r.id), r.identification]),
  );

  const rows: SessionTableRow[] = [];
  const totals = new Map<number, ResidentTotal>();
  for (const s of sessions) {
    const identified: IdentifiedResident[] = s.participants.map((p) => ({
      residentId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      identification: identifications.get(p.id) ?? null,
    }));
    const shared = {
      sessionId: s.sessionId,
      session: local(s.startTime).toFormat('HH:mm:ss'),
      sessionLength: s.duration,
      short: s.short,
      participantCount: s.participants.length,
      identification: ownData ? identified : null,
    };
    if (s.plays.length === 0) {
      rows.push({ ...shared, date: local(s.startTime).toISODate()!, program: null, programType: null, time: null, length: null, pause: null, possibleLength: null });
    }
    for (const p of s.plays) {
      rows.push({
        ...shared,
        date: local(p.time).toISODate()!,
        program: p.program,
        programType: p.programType,
        time: local(p.time).toFormat('HH:mm:ss'),
        length: p.length,
        pause: p.pause,
        possibleLength: p.possibleLength,
      });
    }
    // The footer sums what the headline figures count: counted sessions only.
    if (!ownData || s.short || s.duration === null) continue;
    for (const r of identified) {
      const total = totals.get(r.residentId) ?? { ...r, sessionCount: 0, sessionLength: 0, playCount: 0, length: 0 };
      total.sessionCount += 1;
      total.sessionLength = roundSeconds(total.sessionLength + s.duration);
      total.playCount += s.plays.length;
      total.length = roundSeconds(s.plays.reduce((a, p) => a + p.length, total.length));
      totals.set(r.residentId, total);
    }
  }

  const byName = (a: ResidentTotal, b: ResidentTotal) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.residentId - b.residentId;
  return {
    userId: user.id,
    first: period.first,
    last: period.last,
    timeZone: zone,
    ownData,
    rows,
    sessionCount: sessions.filter((s) => !s.short && s.duration !== null).length,
    totalUsage,
    residentTotals: ownData ? [...totals.values()].sort(byName) : null,
  };
}

export function getUsageSessionTableRoute(app: App): void {
  app.get(
    '/api/usage-session-table/:userId/:first/:last',
    { schema: { params: UsageDetailsParams, querystring: UsageSessionTableQuery, response: { 200: UsageSessionTable } } },
    async (request) => {
      const { userId, first, last } = request.params;
      const user = await authorizeUserReport(request, userId);
      const period = reportPeriod(first, last, user.timeZone, app.deps.now());
      const filter = { showShortSessions: request.query.showShort ?? false, residentId: request.query.residentId };
      const ownData = request.auth?.userId === userId;
      return getUsageSessionTable(app.deps.sql, await currentUsageWarehouse(app.deps), user, period, filter, ownData);
    },
  );
}
