import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { formatDay } from '../../../lib/format.ts';
import { paths } from '../../../routes/paths.ts';
import { defaultReportUserId, initReport, loadTargets, loadTotals, periodProblem, reportStore, viewedMonth } from '../stores/report-store.ts';
import { AdminAccordion } from './admin-accordion.tsx';
import { PeriodControls } from './period-controls.tsx';
import { ReportSummary } from './report-summary.tsx';
import { DetailedSessionTableSection } from '../sessions/components/detailed-session-table-section.tsx';
import { SessionListSection } from '../sessions/components/session-list-section.tsx';
import { VideoViewsSection } from '../videos/components/video-views-section.tsx';
import { NotConnectedPlaysSection, UsageDetailsLogSection } from '../details-log/components/usage-details-log-section.tsx';
import { preloadCharts, useChartsSettled } from '../../../components/charts/lazy-charts.tsx';
import './reports.css';

// The charts' chunk downloads alongside the report's figures, not after them (issue 21 item 3).
void preloadCharts();

/** /reports (spec 3 section 2): everyone, administrators too, starts on their own report. */
export function ReportsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  initReport(user.id, user.timeZone, defaultReportUserId(user));
  const snap = useSnapshot(reportStore);
  const isAdmin = user.adminOfUsers.length > 0;
  const problem = periodProblem(snap.firstDay, snap.lastDay);
  const month = snap.firstDay.slice(0, 7);

  useEffect(() => {
    void loadTotals();
  }, [snap.userId, snap.firstDay, snap.lastDay]);
  useEffect(() => {
    if (month) void loadTargets();
  }, [snap.userId, month]);

  // The figures are a ref (never proxied): read them from the store, re-rendered by the snapshot.
  const totals = snap.status === 'loaded' && snap.totals ? reportStore.totals : null;
  const period = { first: formatDay(snap.firstDay), last: formatDay(snap.lastDay) };
  return (
    <section className="reports-page" data-testid="reports-page" data-month={viewedMonth()}>
      <PeriodControls user={user} />
      <h2 data-testid="report-heading">{t('Usage Report for period {{first}} - {{last}}', period)}</h2>
      <p>{t('The report gives a breakdown of usage.')}</p>
      {problem ? (
        <p className="report-empty" data-testid="report-period-problem">
          {problem === 'tooLong' ? t('The period can be at most a year.') : t('Choose a first day that is not after the last day.')}
        </p>
      ) : snap.status === 'loading' || snap.status === 'idle' ? (
        <p className="report-empty" data-testid="report-loading">
          {t('Loading...')}
        </p>
      ) : totals ? (
        <ReportSummary totals={totals} showParticipantCount={user.config.canSeeSessionWithParticipantsCount} />
      ) : (
        <p className="report-empty" data-testid="report-empty">
          {t('No data for this period.')}
        </p>
      )}
      {!problem && isAdmin && (
        <AdminAccordion
          user={user}
          userId={snap.userId}
          firstDay={snap.firstDay}
          lastDay={snap.lastDay}
          totals={totals}
          totalsFailed={snap.status === 'failed'}
        />
      )}
      {!problem && !isAdmin && <OwnReportSections user={user} firstDay={snap.firstDay} lastDay={snap.lastDay} />}
      <p className="report-footer">{t('Detailed Usage Report Footer')}</p>
      {user.operator && (
        <p className="report-rebuild-link">
          <Link href={paths.rebuild.href()} data-testid="rebuild-link">
            {t('Report rebuild')}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * The accordion is for administrators (spec 3 section 2); anyone else reads their own unit's
 * sections one under another, each behind its own flag. Own data: the detailed table names the
 * residents and totals them.
 */
function OwnReportSections({ user, firstDay, lastDay }: { user: CurrentUser; firstDay: string; lastDay: string }) {
  const { config } = user;
  // The sections' lists (a month's sessions are hundreds of KB) are asked for once the charts'
  // script is in: on a tablet's slow line the summary and its charts at the top come first.
  const chartsSettled = useChartsSettled();
  if (!chartsSettled) return null;
  const scope = { userId: user.id, firstDay, lastDay, ownData: true, config };
  return (
    <>
      {config.showSessionReport && <SessionListSection {...scope} />}
      {config.showDetailedSessionReport && <DetailedSessionTableSection {...scope} />}
      {config.showDetailedSessionReport && <UsageDetailsLogSection {...scope} />}
      {config.showDetailedSessionReport && <NotConnectedPlaysSection {...scope} />}
      {config.showDetailedVideoReport && <VideoViewsSection {...scope} />}
    </>
  );
}
