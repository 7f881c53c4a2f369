import { useTranslation } from 'react-i18next';
import type { HeadlineComparison as Comparison, HeadlineFigures } from '../../../../schemas/api/rebuild.ts';
import { formatDay, formatDuration } from '../../../lib/format.ts';

type Figure = Exclude<keyof HeadlineFigures, 'version'>;

const rows: Array<{ figure: Figure; label: string; duration?: boolean }> = [
  { figure: 'sessionCount', label: 'Number of sessions' },
  { figure: 'sessionWithParticipantsCount', label: 'Sessions with participants' },
  { figure: 'usedDayCount', label: 'Days with usage' },
  { figure: 'totalUsage', label: 'Total usage', duration: true },
];

/**
 * The live versions' headline figures side by side, so the operator sees what new rules change
 * before switching; with a single live version, its figures alone.
 */
export function HeadlineComparison({ comparison, currentVersion }: { comparison: Comparison; currentVersion: number }) {
  const { t } = useTranslation();
  const versions = [comparison.old, comparison.new].filter((v): v is HeadlineFigures => v !== null);
  const [old, fresh] = versions.length === 2 ? versions : [null, null];
  const show = (figures: HeadlineFigures, row: (typeof rows)[number]) => (row.duration ? formatDuration(figures[row.figure]) : String(figures[row.figure]));
  const difference = (a: HeadlineFigures, b: HeadlineFigures, row: (typeof rows)[number]) => {
    const delta = b[row.figure] - a[row.figure];
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
    return `${sign}${row.duration ? formatDuration(Math.abs(delta)) : Math.round(Math.abs(delta))}`;
  };
  return (
    <div className="headline-comparison" data-testid="headline-comparison">
      <h3>{t('Headline figures {{first}} - {{last}}', { first: formatDay(comparison.first), last: formatDay(comparison.last) })}</h3>
      <table>
        <thead>
          <tr>
            <th />
            {versions.map((figures) => (
              <th key={figures.version} data-version={figures.version}>
                {t('Version {{version}}', { version: figures.version })}
                <br />
                <small>{figures.version === currentVersion ? t('serving') : t('new')}</small>
              </th>
            ))}
            {old && fresh && <th>{t('Difference')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.figure} data-figure={row.figure}>
              <th scope="row">{t(row.label)}</th>
              {versions.map((figures) => (
                <td key={figures.version}>{show(figures, row)}</td>
              ))}
              {old && fresh && <td>{difference(old, fresh, row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {versions.length < 2 && <p className="rebuild-note">{t('Only one version is live: start a rebuild to compare.')}</p>}
    </div>
  );
}
