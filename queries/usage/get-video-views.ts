import { DateTime } from 'luxon';
import { z } from 'zod';
import type { App } from '../../server/http/zod.ts';
import { UsageDetailsParams, VideoViews } from '../../schemas/api/usage-details.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';
import { isoFromClickHouse, roundSeconds } from './warehouse-values.ts';

// GET /api/video-views/{userId}/{first}/{last}: 'Video views for period %s - %s' of spec 3
// section 2: Date, Time, Video, Play time, Pause time, Video length, in the user's zone. A view
// belongs to the local day it started on, as sessions do.

interface VideoRow { file_name: string; start_time: string; play_time: number; pause_time: number; video_length: number }

export async function getVideoViews(source: UsageWarehouse, user: ReportUser, period: ReportPeriod): Promise<VideoViews> {
  const { warehouse, t } = source;
  const rows = await warehouse.query<VideoRow>(
    `SELECT file_name, toString(start_time) AS start_time, play_time, pause_time, video_length FROM ${t.videoViews} FINAL
      WHERE user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0
      ORDER BY start_time, view_id`,
    { user: user.id, first: period.first, last: period.last },
  );
  return {
    userId: user.id,
    first: period.first,
    last: period.last,
    timeZone: user.timeZone,
    views: rows.map((r) => {
      const start = DateTime.fromISO(isoFromClickHouse(r.start_time), { zone: user.timeZone });
      return {
        date: start.toISODate()!,
        time: start.toFormat('HH:mm:ss'),
        video: r.file_name,
        playTime: roundSeconds(r.play_time),
        pauseTime: roundSeconds(r.pause_time),
        videoLength: roundSeconds(r.video_length),
      };
    }),
  };
}

export function getVideoViewsRoute(app: App): void {
  app.get(
    '/api/video-views/:userId/:first/:last',
    { schema: { params: UsageDetailsParams, querystring: z.strictObject({}), response: { 200: VideoViews } } },
    async (request) => {
      const { userId, first, last } = request.params;
      const user = await authorizeUserReport(request, userId);
      const period = reportPeriod(first, last, user.timeZone, app.deps.now());
      return getVideoViews(await currentUsageWarehouse(app.deps), user, period);
    },
  );
}
