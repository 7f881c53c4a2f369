import type { VideoViewRow } from '../../../../../schemas/api/usage-details.ts';
import { reportColumnHelper, type ReportColumn } from '../../../../components/data-table/table-features.ts';
import { translatedHeader } from '../../../../components/data-table/translated-text.tsx';
import { formatDay, formatDuration } from '../../../../lib/format.ts';

const col = reportColumnHelper<VideoViewRow>();

/** Spec 3 section 2 "Video views screen": Date, Time, Video, Play time, Pause time, Video length. */
export const videoColumns: ReportColumn<VideoViewRow>[] = [
  col.accessor((row) => `${row.date} ${row.time}`, { id: 'date', header: translatedHeader('Date'), cell: ({ row }) => formatDay(row.original.date), sortFn: 'alphanumeric' }),
  col.accessor('time', { header: translatedHeader('Time'), sortFn: 'alphanumeric' }),
  col.accessor('video', { header: translatedHeader('Video'), sortFn: 'text' }),
  col.accessor('playTime', { header: translatedHeader('Play time'), cell: ({ getValue }) => formatDuration(getValue()), sortFn: 'basic' }),
  col.accessor('pauseTime', { header: translatedHeader('Pause time'), cell: ({ getValue }) => formatDuration(getValue()), sortFn: 'basic' }),
  col.accessor('videoLength', { header: translatedHeader('Video length'), cell: ({ getValue }) => formatDuration(getValue()), sortFn: 'basic' }),
];
