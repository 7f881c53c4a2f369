import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { ColumnChart, PieChart } from '../../../components/charts/lazy-charts.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { contentTypeKey, usageTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { guidedUsageSlices, overallUsageSlices, sessionCountSeries } from '../report-figures.ts';
import { CategoryTargets } from './category-targets.tsx';
import { UsagePerTypeCard } from './usage-per-type.tsx';

/** The headline blocks, the session-count chart and the two usage pies of one period. */
export function ReportSummary({ totals, showParticipantCount }: { totals: UsageTotals; showParticipantCount: boolean }) {
  const { t } = useTranslation();
  const series = sessionCountSeries(totals.sessionCounts, totals.first, totals.last);
  const overall = overallUsageSlices(totals.overallUsage).map((s) => ({ name: t(usageTypeKey(s.type)), value: s.seconds }));
  const guided = guidedUsageSlices(totals.guidedUsage).map((s) => ({ name: t(contentTypeKey(s.contentType)), value: s.seconds }));
  return (
    <>
      <div className="report-blocks">
        <Block testId="report-block-sessions" label={t('Number of sessions')} value={String(totals.sessionCount)}>
          {showParticipantCount && (
            <div className="sub">
              {t('Sessions with participants')}: {totals.sessionWithParticipantsCount}
            </div>
          )}
        </Block>
        <Block testId="report-block-days" label={t('Days with usage')} value={String(totals.usedDayCount)}>
          <div className="sub">{t('{{count}} days in the period', { count: totals.dayCount })}</div>
        </Block>
        <Block testId="report-block-average-day" label={t('Average usage per day')} value={formatDuration(totals.averageUsagePerDay)}>
          <div className="sub">
            {t('Total usage')}: {formatDuration(totals.totalUsage)}
          </div>
        </Block>
        <Block testId="report-block-average-used-day" label={t('Average usage per used day')} value={formatDuration(totals.averageUsagePerUsedDay)} />
      </div>
      <div className="report-card">
        <h3>{t('Number of sessions')}</h3>
        <ColumnChart data-testid="report-chart-sessions" categories={series.categories} values={series.values} seriesName={t('Sessions')} />
      </div>
      <div className="report-charts">
        <div className="report-card">
          <h3>{t('Overall usage')}</h3>
          {overall.some((s) => s.value > 0) ? (
            <PieChart data-testid="report-pie-overall" slices={overall} formatValue={formatDuration} />
          ) : (
            <p className="report-empty" data-testid="report-pie-overall">{t('No usage in this period.')}</p>
          )}
        </div>
        <div className="report-card">
          <h3>{t('Breakdown of guided usage')}</h3>
          {guided.length > 0 ? (
            <PieChart data-testid="report-pie-guided" slices={guided} formatValue={formatDuration} />
          ) : (
            <p className="report-empty" data-testid="report-pie-guided">{t('No guided usage in this period.')}</p>
          )}
        </div>
      </div>
      <UsagePerTypeCard totals={totals} />
      <CategoryTargets totals={totals} />
    </>
  );
}

function Block({ testId, label, value, children }: { testId: string; label: string; value: string; children?: ReactNode }) {
  return (
    <div className="report-block" data-testid={testId}>
      <div className="label">{label}</div>
      <div className="value">{value}</div>
      {children}
    </div>
  );
}
