import type { App } from '../../server/http/zod.ts';
import { UsageXlsxQuery } from '../../schemas/api/usage-xlsx.ts';
import { getUsageSessions } from './get-usage-sessions.ts';
import { addTable, hms, localDate, localTime, newWorkbook, sendWorkbook, xlsxScope } from './usage-xlsx-scope.ts';

// GET /api/usage-details-xlsx?userId&firstDay&lastDay[&residentId]: the detailed session table of
// spec 3 section 2 as a workbook, one row per play of each counted session (a session without
// plays still gets its row). Identification names the residents only when viewers look at their
// own data; an administrator sees the participant count instead.

export function getUsageDetailsXlsxRoute(app: App): void {
  app.get('/api/usage-details-xlsx', { schema: { querystring: UsageXlsxQuery } }, (request, reply) => sendWorkbook(request, reply, async () => {
    const scope = await xlsxScope(request, request.query);
    const { user, period, source, resident, ownData } = scope;
    const { sessions } = await getUsageSessions(app.deps.sql, source, user.id, period, { showShortSessions: false, residentId: resident?.id });

    const residentIds = [...new Set(sessions.flatMap((s) => s.participants.map((p) => p.id)))];
    const identifications = new Map(
      (ownData && residentIds.length > 0
        ? await app.deps.sql.query<{ id: number; identification: string | null }>('SELECT id, identification FROM residents WHERE id = ANY($1::int[])', [residentIds])
        : []
      ).map((r) => [Number(r.id), r.identification]),
    );
    const identify = (p: (typeof sessions)[number]['participants'][number]) =>
      [`${p.firstName} ${p.lastName}`.trim(), identifications.get(p.id)].filter(Boolean).join(' ');

    const lastHeader = ownData ? 'Identification' : 'Participants';
    const workbook = newWorkbook();
    const sheet = addTable(workbook, 'Sessions', [
      ['Date', 12], ['Program', 32], ['Program Type', 14], ['Time', 10], ['Length', 10], ['Pause', 10],
      ['Possible length', 14], ['Session', 10], ['Session length', 14], [lastHeader, 36],
    ]);
    for (const session of sessions) {
      const sessionStart = localTime(session.startTime, user.timeZone);
      const sessionLength = session.duration === null ? '' : hms(session.duration);
      const participants = ownData ? session.participants.map(identify).join(', ') : session.participants.length;
      const plays = session.plays.length > 0 ? session.plays : [null];
      for (const play of plays) {
        sheet.addRow([
          localDate(play?.time ?? session.startTime, user.timeZone),
          play?.program ?? '',
          play?.programType ?? '',
          play ? localTime(play.time, user.timeZone) : '',
          play ? hms(play.length) : '',
          play ? hms(play.pause) : '',
          play?.possibleLength == null ? '' : hms(play.possibleLength),
          sessionStart,
          sessionLength,
          participants,
        ]);
      }
    }
    return { workbook, fileName: `usage-details-${user.name}-${period.first}-${period.last}.xlsx` };
  }));
}
