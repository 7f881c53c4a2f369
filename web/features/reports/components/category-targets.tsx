import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { getCategories } from '../api/get-categories.ts';
import { targetChoices } from '../report-figures.ts';
import { isPastMonth, reportStore, saveCategoryTarget } from '../stores/report-store.ts';
import { useLoad } from '../use-load.ts';

/**
 * Plays of the targetable categories in the period beside their monthly targets (spec 3
 * sections 3 and 5); a past month's targets are shown but not changed.
 */
export function CategoryTargets({ totals }: { totals: UsageTotals }) {
  const { t } = useTranslation();
  const snap = useSnapshot(reportStore);
  // Which categories have targets depends on the user's group (set-user-group-categories).
  const loaded = useLoad(`categories/${snap.userId}`, (signal) => getCategories(signal, snap.userId || undefined));
  if (loaded.status !== 'loaded') return null;
  const targetable = loaded.data.filter((c) => c.usageReport === 'targetable');
  if (targetable.length === 0) return null;
  const past = isPastMonth();
  return (
    <div className="report-card" data-testid="report-category-targets">
      <h3>{t('Category targets')}</h3>
      <table className="report-table">
        <thead>
          <tr>
            <th>{t('Category')}</th>
            <th className="num">{t('Plays')}</th>
            <th className="num">{t('Target')}</th>
          </tr>
        </thead>
        <tbody>
          {targetable.map((category) => (
            <tr key={category.id}>
              <td>{category.name}</td>
              <td className="num">{totals.categoryCounts[String(category.id)] ?? 0}</td>
              <td className="num">
                <select
                  aria-label={`${t('Target')}: ${category.name}`}
                  data-testid={`target-category-${category.id}`}
                  value={snap.categoryTargets?.[String(category.id)] ?? 0}
                  disabled={past || snap.categoryTargets === null || snap.targetBusy}
                  title={past ? t('Targets are set for the current month only.') : undefined}
                  onChange={(e) => void saveCategoryTarget(category.id, Number(e.target.value))}
                >
                  {targetChoices.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
