import { useTranslation } from 'react-i18next';
import type { UserConfig } from '../../../../../schemas/api/user.ts';
import { Alert } from '../../../../components/alert.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { useRemoteData } from '../../../../components/data-table/use-remote-data.ts';
import { formatDay } from '../../../../lib/format.ts';
import { getVideoViews } from '../api/get-video-views.ts';
import { videoColumns } from './video-columns.tsx';
import './videos.css';

interface VideoViewsSectionProps {
  userId: number;
  firstDay: string;
  lastDay: string;
  ownData: boolean;
  config: UserConfig;
}

/** Spec 3 section 2 "Video views screen": every video view of the period, newest last. */
export function VideoViewsSection({ userId, firstDay, lastDay }: VideoViewsSectionProps) {
  const { t } = useTranslation();
  const remote = useRemoteData(`${userId}/${firstDay}/${lastDay}`, (signal) => getVideoViews(userId, firstDay, lastDay, signal));
  const views = remote.status === 'loaded' ? remote.data : null;
  return (
    <section className="video-views" data-testid="video-views-section">
      <h3>{t('Video views for period {{first}} - {{last}}', { first: formatDay(views?.first ?? firstDay), last: formatDay(views?.last ?? lastDay) })}</h3>
      {remote.status === 'loading' && <p className="video-views-note" role="status">{t('Loading...')}</p>}
      {remote.status === 'failed' && <Alert kind="error">{t('Request failed')}</Alert>}
      {views && (
        <DataTable
          columns={videoColumns}
          data={views.views}
          emptyText={t('No video views in this period')}
          initialSorting={[{ id: 'date', desc: false }]}
          testId="video-views-table"
        />
      )}
    </section>
  );
}
