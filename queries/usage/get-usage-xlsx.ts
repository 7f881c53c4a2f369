import { DateTime } from 'luxon';
import type { App } from '../../server/http/zod.ts';
import { usageTypes } from '../../schemas/api/usage-report.ts';
import { UsageXlsxQuery } from '../../schemas/api/usage-xlsx.ts';
import { getUsageSessions } from './get-usage-sessions.ts';
import { getUsageTotals } from './get-usage-totals.ts';
import { addTable, dayText, hms, newWorkbook, sendWorkbook, xlsxScope } from './usage-xlsx-scope.ts';

// GET /api/usage-xlsx?userId&firstDay&lastDay[&residentId]: the report figures of
// GET /api/usage/{userId}/{first}/{last} as a workbook: headline figures, sessions per day (every
// day, zeros included) and usage by type. Seconds are numbers, so analysts can sum them; HH:mm:ss
// beside them is for reading. With residentId the headline sheet adds that resident's sessions.

export function getUsageXlsxRoute(app: App): void {
  app.get('/api/usage-xlsx', { schema: { querystring: UsageXlsxQuery } }, (request, reply) => sendWorkbook(request, reply, async () => {
    const scope = await xlsxScope(request, request.query);
    const { user, period, source, resident } = scope;
    const totals = await getUsageTotals(app.deps.sql, source, user.id, period);
    const workbook = newWorkbook();

    const summary = addTable(workbook, 'Summary', [['Figure', 34], ['Value', 14], ['HH:mm:ss', 12]]);
    const rows: [string, string | number, string?][] = [
      ['User', user.name],
      ['First day', dayText(period.first)],
      ['Last day', dayText(period.last)],
      ['Days', totals.dayCount],
      ['Sessions', totals.sessionCount],
      ['Sessions with participants', totals.sessionWithParticipantsCount],
      ['Used days', totals.usedDayCount],
      ['Total usage (s)', totals.totalUsage, hms(totals.totalUsage)],
      ['Average usage per day (s)', totals.averageUsagePerDay, hms(totals.averageUsagePerDay)],
      ['Average usage per used day (s)', totals.averageUsagePerUsedDay, hms(totals.averageUsagePerUsedDay)],
    ];
    if (resident) {
      const withResident = await getUsageSessions(app.deps.sql, source, user.id, period, { showShortSessions: false, residentId: resident.id });
      rows.push(['Resident', resident.name], ['Sessions with resident', withResident.sessions.length], ['Usage with resident (s)', withResident.totalUsage, hms(withResident.totalUsage)]);
    }
    summary.addRows(rows);

    const perDay = addTable(workbook, 'Sessions per day', [['Date', 14], ['Sessions', 10]]);
    for (let day = DateTime.fromISO(period.first, { zone: 'UTC' }); day.toISODate()! <= period.last; day = day.plus({ days: 1 })) {
      perDay.addRow([dayText(day.toISODate()!), totals.sessionCounts[day.toISODate()!] ?? 0]);
    }

    const byType = addTable(workbook, 'Usage by type', [['Usage type', 22], ['Days', 8], ['Duration (s)', 14], ['HH:mm:ss', 12]]);
    for (const type of usageTypes) {
      const { dayCount, duration } = totals.overallUsage[type];
      byType.addRow([type, dayCount, duration, hms(duration)]);
    }

    const guided = addTable(workbook, 'Guided usage', [['Content type', 22], ['Duration (s)', 14], ['HH:mm:ss', 12]]);
    for (const [contentType, seconds] of Object.entries(totals.guidedUsage).sort(([a], [b]) => a.localeCompare(b))) guided.addRow([contentType, seconds, hms(seconds)]);

    return { workbook, fileName: `usage-${user.name}-${period.first}-${period.last}.xlsx` };
  }));
}
