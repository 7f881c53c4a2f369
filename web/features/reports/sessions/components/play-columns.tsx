import type { UsageSession } from '../../../../../schemas/api/usage-report.ts';
import { reportColumnHelper, type ReportColumn } from '../../../../components/data-table/table-features.ts';
import { TranslatedText, translatedHeader } from '../../../../components/data-table/translated-text.tsx';
import { formatDuration, formatTime } from '../../../../lib/format.ts';
import { contentTypeKey } from '../../../../lib/i18n/translations-reports.ts';

type Play = UsageSession['plays'][number];
const col = reportColumnHelper<Play>();

/** The per-session table of spec 3 section 2: Program, Program Type, Time, Length. */
export function playColumns(timeZone: string): ReportColumn<Play>[] {
  return [
    col.accessor((play) => play.program ?? play.itemType, {
      id: 'program',
      header: translatedHeader('Program'),
      // Items outside the library (video, message, game) have no program name: their kind names them.
      cell: ({ row }) => row.original.program ?? <TranslatedText text={row.original.itemType} />,
      sortFn: 'text',
    }),
    col.accessor((play) => play.programType ?? '', {
      id: 'programType',
      header: translatedHeader('Program Type'),
      cell: ({ getValue }) => (getValue() ? <TranslatedText text={contentTypeKey(getValue())} /> : ''),
      sortFn: 'text',
    }),
    col.accessor('time', { header: translatedHeader('Time'), cell: ({ getValue }) => formatTime(getValue(), timeZone), sortFn: 'alphanumeric' }),
    col.accessor('length', { header: translatedHeader('Length'), cell: ({ getValue }) => formatDuration(getValue()), sortFn: 'basic' }),
  ];
}
