import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { PieChart } from '../../../components/charts/lazy-charts.tsx';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { SectionState } from './section-state.tsx';

/** Message item opens in the period by the item's content type. */
export function MessageClicksSection({ totals }: { totals: UsageTotals }) {
  const { t } = useTranslation();
  // 'Sing Along' and SingAlong read the same, so they are one row (and one slice).
  const byName = new Map<string, number>();
  for (const [type, clicks] of Object.entries(totals.messageItemClicks)) {
    const name = t(contentTypeKey(type));
    if (clicks > 0) byName.set(name, (byName.get(name) ?? 0) + clicks);
  }
  const rows = [...byName].map(([name, value]) => ({ name, value })).sort((a, b) => b.value - a.value);
  if (rows.length === 0) return <SectionState status="loaded" />;
  return (
    <div className="report-charts">
      <table className="report-table" data-testid="message-clicks-table">
        <thead>
          <tr>
            <th>{t('Content type')}</th>
            <th className="num">{t('Clicks')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-testid="message-clicks-row">
              <td>{row.name}</td>
              <td className="num">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PieChart data-testid="message-clicks-pie" slices={rows} height={240} />
    </div>
  );
}
