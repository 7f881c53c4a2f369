import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { reportColumnHelper, type ReportColumn } from '../../../components/data-table/table-features.ts';
import { TranslatedText, translatedHeader } from '../../../components/data-table/translated-text.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { usageTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { playSourceKey } from '../../../lib/i18n/translations-usage-figures.ts';
import { usagePerTypeRows, type UsagePerTypeRow } from '../usage-figures.ts';

const col = reportColumnHelper<UsagePerTypeRow>();

// Module scope: a new columns array would rebuild the table's models on every render.
const columns: ReportColumn<UsagePerTypeRow>[] = [
  col.accessor('source', { header: translatedHeader('Play source'), cell: ({ getValue }) => <TranslatedText text={playSourceKey(getValue())} />, sortFn: 'text' }),
  col.accessor('usageType', { header: translatedHeader('Usage type'), cell: ({ getValue }) => <TranslatedText text={usageTypeKey(getValue())} />, sortFn: 'text' }),
  col.accessor('plays', { header: translatedHeader('Plays'), sortFn: 'basic' }),
  col.accessor('seconds', { header: translatedHeader('Duration'), cell: ({ getValue }) => formatDuration(getValue()), sortFn: 'basic' }),
];

/** usagePerType of spec 3 section 3: the counted sessions' plays by play source and usage type. */
export function UsagePerTypeCard({ totals }: { totals: UsageTotals }) {
  const { t } = useTranslation();
  const rows = useMemo(() => usagePerTypeRows(totals.usagePerType), [totals.usagePerType]);
  return (
    <div className="report-card" data-testid="report-usage-per-type">
      <h3>{t('Usage per play source')}</h3>
      <DataTable columns={columns} data={rows} emptyText={t('No usage in this period.')} pageSize={50} testId="usage-per-type-table" />
    </div>
  );
}
