import { useTranslation } from 'react-i18next';
import type { ScoreCounts, UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { SectionState } from './section-state.tsx';

/** Evaluations made in the period, by score (spec 3 section 3: audio files and message items). */
export function RatingsSection({ totals }: { totals: UsageTotals }) {
  const { t } = useTranslation();
  const rows: Array<{ target: string; label: string; counts: ScoreCounts }> = [
    { target: 'audio-files', label: t('Audio files'), counts: totals.audioFileEvaluations },
    { target: 'message-items', label: t('Message items'), counts: totals.messageItemEvaluations },
  ];
  const any = rows.some((r) => r.counts['1'] + r.counts['0'] + r.counts['-1'] > 0);
  if (!any) return <SectionState status="loaded" />;
  return (
    <table className="report-table" data-testid="ratings-table">
      <thead>
        <tr>
          <th />
          <th className="num">{t('Likes')}</th>
          <th className="num">{t('Neutral ratings')}</th>
          <th className="num">{t('Dislikes')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.target} data-testid={`ratings-${row.target}`}>
            <td>{row.label}</td>
            <td className="num">{row.counts['1']}</td>
            <td className="num">{row.counts['0']}</td>
            <td className="num">{row.counts['-1']}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
