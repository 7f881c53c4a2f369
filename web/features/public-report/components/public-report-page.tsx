import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUsage } from '../../../../schemas/api/public-usage.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { PieChart, preloadCharts } from '../../../components/charts/lazy-charts.tsx';
import { formatDay, formatDuration, lastDaysPeriod, recentReportDayCount } from '../../../lib/format.ts';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { getPublicUsage } from '../api/get-public-usage.ts';
import { publicReportUserId } from '../stores/public-report-store.ts';
import './public-report.css';

// The pie's chunk downloads alongside the figures; the heading, period and table never wait for it.
void preloadCharts();

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; usage: PublicUsage };

/** /public-report (spec 3 section 2): the unit's sessions of the last days and their content. */
export function PublicReportPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const dayCount = recentReportDayCount(location.hostname);
  const { firstDay, lastDay } = lastDaysPeriod(dayCount, user.timeZone);
  // The server names the unit (public_report_user_id, or the rtoken's unit); older answers lack it.
  const reportUserId = user.publicReportUserId ?? (user.publicReport ? publicReportUserId(user.id) : user.id);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getPublicUsage(reportUserId, firstDay, lastDay, controller.signal).then(
      (usage) => !controller.signal.aborted && setState({ status: 'loaded', usage }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Public report failed', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [reportUserId, firstDay, lastDay]);

  const { showPublicReportSessionCount: showCount, showPublicReportSessionTime: showTime } = user.config;
  return (
    <section className="public-report" data-testid="public-report">
      <h2>{t('Public report')}</h2>
      <p>{t('This report shows how the service has been used in the unit.')}</p>
      <p data-testid="public-report-period">
        {t('The report covers the last {{count}} days', { count: dayCount })} ({formatDay(firstDay)} - {formatDay(lastDay)})
      </p>
      {state.status === 'loading' && <p className="report-empty">{t('Loading...')}</p>}
      {state.status === 'failed' && <p className="report-empty">{t('No data for this period.')}</p>}
      {state.status === 'loaded' && (
        <>
          <PublicReportTable usage={state.usage} showCount={showCount} showTime={showTime} />
          <div className="public-report-card">
            <h3>{t('Sessions by content type')}</h3>
            {state.usage.contentTypeSummary.length > 0 ? (
              <PieChart
                data-testid="public-report-pie"
                slices={contentTypeSlices(state.usage).map((s) => ({ name: t(contentTypeKey(s.contentType)), value: s.value }))}
                height={320}
              />
            ) : (
              <p className="report-empty" data-testid="public-report-empty">
                {t('No data for this period.')}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The pie "Sessions by content type": one slice per content type, not per category. */
export function contentTypeSlices(usage: PublicUsage): { contentType: string; value: number }[] {
  return usage.contentTypeSummary.map((c) => ({ contentType: c.contentType, value: c.sessionCount }));
}

/** Unit, Amount of Sessions, Length of Sessions: the reported unit's row, whoever reads it (a public user, a token, an administrator). */
export function PublicReportTable({ usage, showCount, showTime }: { usage: PublicUsage; showCount: boolean; showTime: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="public-report-table" data-testid="public-report-table">
      <thead>
        <tr>
          <th>{t('Unit')}</th>
          {showCount && <th className="num">{t('Amount of Sessions')}</th>}
          {showTime && <th className="num">{t('Length of Sessions')}</th>}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{usage.unitName}</td>
          {showCount && <td className="num">{usage.summaryData.sessionCount}</td>}
          {showTime && <td className="num">{formatDuration(usage.summaryData.sessionTotalLength)}</td>}
        </tr>
      </tbody>
    </table>
  );
}
