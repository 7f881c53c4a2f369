import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import type { UserConfig } from '../../../../../schemas/api/user.ts';
import { Pager } from '../../../../components/data-table/pager.tsx';
import { useRemoteData } from '../../../../components/data-table/use-remote-data.ts';
import { useResultsCount } from '../../../../components/data-table/use-results-count.ts';
import { formatDay, formatDuration } from '../../../../lib/format.ts';
import { pageCountOf } from '../../../../lib/pager.ts';
import { isCountedSession, loadPeriodSessions } from '../api/period-sessions.ts';
import { usageDetailsXlsxHref } from '../api/usage-xlsx-href.ts';
import { selectedResidentOf, sessionFilters } from '../stores/session-filters.ts';
import { ReportState } from './report-state.tsx';
import { ResidentSelect } from './resident-select.tsx';
import { SessionCard } from './session-card.tsx';
import { ShortSessionsToggle } from './short-sessions-toggle.tsx';
import './sessions.css';

export interface ReportSectionProps {
  userId: number;
  firstDay: string;
  lastDay: string;
  ownData: boolean;
  config: UserConfig;
}

/** Spec 3 section 2 "Session list screen": the period's sessions, each opening to its plays. */
export function SessionListSection({ userId, firstDay, lastDay, config }: ReportSectionProps) {
  const { t } = useTranslation();
  const filters = useSnapshot(sessionFilters);
  const residentId = selectedResidentOf(filters, userId);
  const { showShortSessions } = filters;
  const pageSize = useResultsCount();
  const [pageIndex, setPageIndex] = useState(0);
  const remote = useRemoteData(`${userId}/${firstDay}/${lastDay}`, () => loadPeriodSessions(userId, firstDay, lastDay));
  useEffect(() => setPageIndex(0), [userId, firstDay, lastDay, showShortSessions, residentId, pageSize]);

  // The toggle and the resident narrow the list here rather than on the server: the same answer
  // also names the residents to choose from, so changing either needs no new request.
  const sessions =
    remote.status === 'loaded'
      ? remote.data.sessions.filter((s) => (showShortSessions || isCountedSession(s)) && (residentId === null || s.participants.some((p) => p.id === residentId)))
      : [];
  const totalUsage = sessions.reduce((sum, s) => (isCountedSession(s) ? sum + s.duration : sum), 0);
  const first = remote.status === 'loaded' ? remote.data.first : firstDay;
  const last = remote.status === 'loaded' ? remote.data.last : lastDay;
  const page = sessions.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);

  return (
    <section className="sessions-section session-list" data-testid="session-list-section" data-session-count={remote.status === 'loaded' ? sessions.length : undefined}>
      <header className="sessions-section-head">
        <h3>{t('Sessions for period {{first}} - {{last}}', { first: formatDay(first), last: formatDay(last) })}</h3>
        <p className="sessions-total">
          {t('Total usage')}: <strong data-testid="session-total-usage">{formatDuration(totalUsage)}</strong>
        </p>
      </header>
      <div className="sessions-controls">
        <ResidentSelect userId={userId} firstDay={firstDay} lastDay={lastDay} config={config} idPrefix="session-list" />
        <ShortSessionsToggle idPrefix="session-list" />
        {config.showExcelDownloadButtonInReport && (
          <a className="button-primary sessions-download" data-testid="download-report" href={usageDetailsXlsxHref(userId, firstDay, lastDay, residentId)} download>
            {t('Download Report')}
          </a>
        )}
      </div>
      <ReportState remote={remote} empty={sessions.length === 0} emptyText={t('No sessions in this period')}>
        {remote.status === 'loaded' && <SessionCards answer={remote.data} sessions={page} />}
        <Pager pageIndex={pageIndex} pageCount={pageCountOf(sessions.length, pageSize)} onPage={setPageIndex} />
      </ReportState>
    </section>
  );
}

/**
 * The listed sessions in the unit's time zone as the server names it, never the viewer's: a
 * Stockholm unit read by a Helsinki administrator shows Stockholm times and days.
 */
export function SessionCards({ answer, sessions }: { answer: UsageSessions; sessions: UsageSessions['sessions'] }) {
  return (
    <ul className="session-cards">
      {sessions.map((session) => (
        <SessionCard key={session.sessionId} session={session} timeZone={answer.timeZone} />
      ))}
    </ul>
  );
}
