import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { useRemoteData } from '../../../../components/data-table/use-remote-data.ts';
import { formatDay, formatDuration } from '../../../../lib/format.ts';
import { getUsageSessionTable } from '../api/get-usage-session-table.ts';
import { usageDetailsXlsxHref } from '../api/usage-xlsx-href.ts';
import { selectedResidentOf, sessionFilters } from '../stores/session-filters.ts';
import { ReportState } from './report-state.tsx';
import { ResidentSelect } from './resident-select.tsx';
import { ResidentTotalsFooter } from './resident-totals-footer.tsx';
import { othersDataColumns, ownDataColumns } from './session-table-columns.tsx';
import type { ReportSectionProps } from './session-list-section.tsx';
import { ShortSessionsToggle } from './short-sessions-toggle.tsx';
import './sessions.css';

/** Spec 3 section 2 "Detailed session table": one row per play of the period's sessions. */
export function DetailedSessionTableSection({ userId, firstDay, lastDay, config }: ReportSectionProps) {
  const { t } = useTranslation();
  const filters = useSnapshot(sessionFilters);
  const residentId = selectedResidentOf(filters, userId);
  const showShort = filters.showShortSessions;
  const remote = useRemoteData(`${userId}/${firstDay}/${lastDay}/${residentId}/${showShort}`, (signal) =>
    getUsageSessionTable({ userId, firstDay, lastDay, residentId, showShort }, signal),
  );
  const table = remote.status === 'loaded' ? remote.data : null;
  // The server decides whose data this is: identification leaves it only for the viewer's own.
  const ownData = table?.ownData ?? false;
  return (
    <section className="sessions-section detailed-session-table" data-testid="detailed-session-table-section">
      <header className="sessions-section-head">
        <h3>{t('Detailed sessions for period {{first}} - {{last}}', { first: formatDay(table?.first ?? firstDay), last: formatDay(table?.last ?? lastDay) })}</h3>
        {table && (
          <p className="sessions-total">
            {t('Sessions')}: <strong>{table.sessionCount}</strong> · {t('Total usage')}: <strong>{formatDuration(table.totalUsage)}</strong>
          </p>
        )}
      </header>
      <div className="sessions-controls">
        <ResidentSelect userId={userId} firstDay={firstDay} lastDay={lastDay} config={config} idPrefix="session-table" />
        <ShortSessionsToggle idPrefix="session-table" />
        {config.showExcelDownloadButtonInReport && (
          <a className="button-primary sessions-download" href={usageDetailsXlsxHref(userId, firstDay, lastDay, residentId)} download>
            {t('Download Report')}
          </a>
        )}
      </div>
      <ReportState remote={remote} empty={false} emptyText="">
        {table && (
          <DataTable
            columns={ownData ? ownDataColumns : othersDataColumns}
            data={table.rows}
            emptyText={t('No sessions in this period')}
            initialSorting={[{ id: 'date', desc: false }]}
            footer={ownData && table.residentTotals ? <ResidentTotalsFooter totals={table.residentTotals} /> : undefined}
            testId="session-table"
          />
        )}
      </ReportState>
    </section>
  );
}
