import type { SessionTableRow } from '../../../../../schemas/api/usage-details.ts';
import { reportColumnHelper, type ReportColumn } from '../../../../components/data-table/table-features.ts';
import { TranslatedText, translatedHeader } from '../../../../components/data-table/translated-text.tsx';
import { formatDay, formatDuration } from '../../../../lib/format.ts';
import { contentTypeKey } from '../../../../lib/i18n/translations-reports.ts';

const col = reportColumnHelper<SessionTableRow>();
const seconds = (value: number | null) => (value === null ? '' : formatDuration(value));
// Sorting puts rows without a value (a session without plays or without an end) first.
const orNone = (value: number | null) => value ?? -1;

const shared: ReportColumn<SessionTableRow>[] = [
  col.accessor((row) => `${row.date} ${row.time ?? row.session}`, {
    id: 'date',
    header: translatedHeader('Date'),
    cell: ({ row }) => formatDay(row.original.date),
    sortFn: 'alphanumeric',
  }),
  col.accessor((row) => row.program ?? '', { id: 'program', header: translatedHeader('Program'), sortFn: 'text' }),
  col.accessor((row) => row.programType ?? '', {
    id: 'programType',
    header: translatedHeader('Program Type'),
    cell: ({ getValue }) => (getValue() ? <TranslatedText text={contentTypeKey(getValue())} /> : ''),
    sortFn: 'text',
  }),
  col.accessor((row) => row.time ?? '', { id: 'time', header: translatedHeader('Time'), sortFn: 'alphanumeric' }),
  col.accessor((row) => orNone(row.length), { id: 'length', header: translatedHeader('Length'), cell: ({ row }) => seconds(row.original.length), sortFn: 'basic' }),
  col.accessor((row) => orNone(row.pause), { id: 'pause', header: translatedHeader('Pause'), cell: ({ row }) => seconds(row.original.pause), sortFn: 'basic' }),
  col.accessor((row) => orNone(row.possibleLength), {
    id: 'possibleLength',
    header: translatedHeader('possible length'),
    cell: ({ row }) => seconds(row.original.possibleLength),
    sortFn: 'basic',
  }),
  col.accessor((row) => `${row.date} ${row.session}`, { id: 'session', header: translatedHeader('Session'), cell: ({ row }) => row.original.session, sortFn: 'alphanumeric' }),
  col.accessor((row) => orNone(row.sessionLength), {
    id: 'sessionLength',
    header: translatedHeader('Session length'),
    cell: ({ row }) => seconds(row.original.sessionLength),
    sortFn: 'basic',
  }),
];

const identification = col.accessor(
  (row) => (row.identification ?? []).map((r) => [r.lastName, r.firstName, r.identification ?? ''].join(' ')).join(', '),
  {
    id: 'identification',
    header: translatedHeader('Identification'),
    cell: ({ row }) =>
      (row.original.identification ?? []).map((r) => [`${r.firstName} ${r.lastName}`.trim(), r.identification].filter(Boolean).join(' ')).join(', '),
    sortFn: 'text',
  },
);

const participantCount = col.accessor('participantCount', { header: translatedHeader('Participants'), sortFn: 'basic' });

/** Spec 3 section 2: resident identification for the viewer's own data, a participant count otherwise. */
export const ownDataColumns: ReportColumn<SessionTableRow>[] = [...shared, identification];
export const othersDataColumns: ReportColumn<SessionTableRow>[] = [...shared, participantCount];
