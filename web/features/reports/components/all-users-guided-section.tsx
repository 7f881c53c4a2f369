import { useTranslation } from 'react-i18next';
import { PieChart } from '../../../components/charts/lazy-charts.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { getUsageTotals } from '../api/get-usage-totals.ts';
import { guidedUsageSlices, sumGuidedUsage } from '../report-figures.ts';
import { useLoad } from '../use-load.ts';
import { SectionState } from './section-state.tsx';

/** Guided usage of every administered user together, by content type. */
export function AllUsersGuidedSection({ userIds, firstDay, lastDay }: { userIds: number[]; firstDay: string; lastDay: string }) {
  const { t } = useTranslation();
  const loaded = useLoad(`${userIds.join(',')}/${firstDay}/${lastDay}`, async (signal) => {
    // One user after another: a large organisation must not fire dozens of warehouse queries at once.
    const all: Array<Record<string, number>> = [];
    for (const id of userIds) all.push((await getUsageTotals(id, firstDay, lastDay, signal)).guidedUsage);
    return sumGuidedUsage(all);
  });
  if (loaded.status !== 'loaded') return <SectionState status={loaded.status} />;
  const slices = guidedUsageSlices(loaded.data).map((s) => ({ name: t(contentTypeKey(s.contentType)), value: s.seconds }));
  if (slices.length === 0) return <SectionState status="loaded" />;
  return <PieChart data-testid="all-users-guided-pie" slices={slices} formatValue={formatDuration} />;
}
