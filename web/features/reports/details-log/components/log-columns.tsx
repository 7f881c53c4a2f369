import type { NotConnectedPlay, UsageDetailsLogRow } from '../../../../../schemas/api/usage-details-log.ts';
import { translatedHeader } from '../../../../components/data-table/translated-text.tsx';
import { TranslatedText } from '../../../../components/data-table/translated-text.tsx';
import { formatDateTime, formatDay, formatDuration } from '../../../../lib/format.ts';
import { contentTypeKey } from '../../../../lib/i18n/translations-reports.ts';
import { reportColumnHelper, type ReportColumn } from '../../../../components/data-table/table-features.ts';

const logCol = reportColumnHelper<UsageDetailsLogRow>();
const duration = (seconds: number | null) => (seconds === null ? '-' : formatDuration(seconds));

/** The usage details log of spec 3 section 3, in the detailed session table's words where they meet. */
export function usageDetailsLogColumns(timeZone: string): ReportColumn<UsageDetailsLogRow>[] {
  return [
    logCol.accessor('day', { id: 'date', header: translatedHeader('Date'), cell: ({ getValue }) => formatDay(getValue()) }),
    logCol.accessor('sessionNumber', { id: 'session', header: translatedHeader('Session') }),
    logCol.accessor('sessionLength', { header: translatedHeader('Session length'), cell: ({ getValue }) => duration(getValue()) }),
    logCol.accessor('playTime', { header: translatedHeader('Time') }),
    logCol.accessor((row) => row.audioFileName ?? '', {
      id: 'program',
      header: translatedHeader('Program'),
      cell: ({ row }) => row.original.audioFileName ?? `#${row.original.audioFileId}`,
    }),
    logCol.accessor((row) => row.programType ?? '', {
      id: 'programType',
      header: translatedHeader('Program Type'),
      cell: ({ getValue }) => (getValue() ? <TranslatedText text={contentTypeKey(getValue())} /> : ''),
    }),
    logCol.accessor('playLength', { header: translatedHeader('Length'), cell: ({ getValue }) => formatDuration(getValue()) }),
    logCol.accessor('pauseTime', { header: translatedHeader('Pause'), cell: ({ getValue }) => formatDuration(getValue()) }),
    logCol.accessor('possibleLength', { header: translatedHeader('possible length'), cell: ({ getValue }) => duration(getValue()) }),
    logCol.accessor('created', { header: translatedHeader('Logged'), cell: ({ getValue }) => formatDateTime(getValue(), timeZone) }),
  ];
}

const playCol = reportColumnHelper<NotConnectedPlay>();

/** Not-connected plays of spec 3 section 3: day, time, what was played and for how long. */
export const notConnectedPlayColumns: ReportColumn<NotConnectedPlay>[] = [
  playCol.accessor('playDay', { id: 'date', header: translatedHeader('Date'), cell: ({ getValue }) => formatDay(getValue()) }),
  playCol.accessor('playTime', { header: translatedHeader('Time') }),
  playCol.accessor((row) => row.audioFileName ?? '', {
    id: 'program',
    header: translatedHeader('Program'),
    cell: ({ row }) => row.original.audioFileName ?? `#${row.original.audioFileId}`,
  }),
  playCol.accessor('playLength', { header: translatedHeader('Length'), cell: ({ getValue }) => formatDuration(getValue()) }),
];
