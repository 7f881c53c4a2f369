import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { useRemoteData } from '../../../../components/data-table/use-remote-data.ts';
import { useResultsCount } from '../../../../components/data-table/use-results-count.ts';
import { formatDay } from '../../../../lib/format.ts';
import { pageCountOf } from '../../../../lib/pager.ts';
import { ReportState } from '../../sessions/components/report-state.tsx';
import type { ReportSectionProps } from '../../sessions/components/session-list-section.tsx';
import { ShortSessionsToggle } from '../../sessions/components/short-sessions-toggle.tsx';
import { sessionFilters } from '../../sessions/stores/session-filters.ts';
import { getNotConnectedPlays } from '../api/get-not-connected-plays.ts';
import { getUsageDetailsLog } from '../api/get-usage-details-log.ts';
import { notConnectedPlayColumns, usageDetailsLogColumns } from './log-columns.tsx';
import '../../sessions/components/sessions.css';

/**
 * The usage details log of spec 3 section 3: every play of the period's started sessions, a page
 * at a time from the server, following 'Show short sessions' like the other session tables.
 */
export function UsageDetailsLogSection({ userId, firstDay, lastDay, config }: ReportSectionProps) {
  const { t } = useTranslation();
  const { showShortSessions } = useSnapshot(sessionFilters);
  const pageSize = useResultsCount();
  const [pageIndex, setPageIndex] = useState(0);
  useEffect(() => setPageIndex(0), [userId, firstDay, lastDay, showShortSessions, pageSize]);
  const page = { userId, firstDay, lastDay, offset: pageIndex * pageSize, limit: pageSize };
  const remote = useRemoteData(`${userId}/${firstDay}/${lastDay}/${showShortSessions}/${page.offset}/${pageSize}`, (signal) =>
    getUsageDetailsLog(page, showShortSessions, signal),
  );
  const columns = useMemo(() => usageDetailsLogColumns(config.timeZone), [config.timeZone]);
  const log = remote.status === 'loaded' ? remote.data : null;
  return (
    <section className="sessions-section usage-details-log" data-testid="usage-details-log-section" data-total={log?.total}>
      <header className="sessions-section-head">
        <h3>{t('Usage details log for period {{first}} - {{last}}', { first: formatDay(log?.first ?? firstDay), last: formatDay(log?.last ?? lastDay) })}</h3>
        {log && <p className="sessions-total">{t('{{count}} plays', { count: log.total })}</p>}
      </header>
      <div className="sessions-controls">
        <ShortSessionsToggle idPrefix="usage-details-log" />
      </div>
      <ReportState remote={remote} empty={false} emptyText="">
        {log && (
          <DataTable
            columns={columns}
            data={log.rows}
            serverPage={{ pageIndex, pageCount: pageCountOf(log.total, pageSize), onPage: setPageIndex }}
            emptyText={t('No plays in this period')}
            testId="usage-details-log-table"
          />
        )}
      </ReportState>
    </section>
  );
}

/** The not-connected plays of spec 3 section 3: plays outside every started session, page by page. */
export function NotConnectedPlaysSection({ userId, firstDay, lastDay }: ReportSectionProps) {
  const { t } = useTranslation();
  const pageSize = useResultsCount();
  const [pageIndex, setPageIndex] = useState(0);
  useEffect(() => setPageIndex(0), [userId, firstDay, lastDay, pageSize]);
  const page = { userId, firstDay, lastDay, offset: pageIndex * pageSize, limit: pageSize };
  const remote = useRemoteData(`${userId}/${firstDay}/${lastDay}/${page.offset}/${pageSize}`, (signal) => getNotConnectedPlays(page, signal));
  const plays = remote.status === 'loaded' ? remote.data : null;
  return (
    <section className="sessions-section not-connected-plays" data-testid="not-connected-plays-section" data-total={plays?.total}>
      <header className="sessions-section-head">
        <h3>{t('Plays outside sessions for period {{first}} - {{last}}', { first: formatDay(plays?.first ?? firstDay), last: formatDay(plays?.last ?? lastDay) })}</h3>
        {plays && <p className="sessions-total">{t('{{count}} plays', { count: plays.total })}</p>}
      </header>
      <ReportState remote={remote} empty={false} emptyText="">
        {plays && (
          <DataTable
            columns={notConnectedPlayColumns}
            data={plays.rows}
            serverPage={{ pageIndex, pageCount: pageCountOf(plays.total, pageSize), onPage: setPageIndex }}
            emptyText={t('No plays in this period')}
            testId="not-connected-plays-table"
          />
        )}
      </ReportState>
    </section>
  );
}
