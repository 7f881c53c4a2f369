import { DateTime } from 'luxon';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import { daysBetween } from '../../domain/recipes/recipe-timing-rules.ts';
import { MessageTimings, TimingDaysQuery } from '../../schemas/api/timings.ts';
import { loadTimingsViewer } from '../recipes/recipe-timing-rows.ts';

// GET /api/message-timings?firstDay&lastDay (spec 2 sections 2 and 7): the caller's messages on
// each local day of the range, for the calendar of current events. Read from the messages read
// model (projections/postgres/messages.ts, views `messages`): the caller's own messages and those
// sent to them or their group, sent, switched on and not replies; recommendation messages only of
// other users ("recommendation messages of other users only", spec 2 "Calendar"). A message with
// an active-until is on each day its active-from..active-until touches; one without is on its
// active-from day only (schemas/api/timings.ts).

/** More than a calendar can show; the earliest first. */
const maxMessages = 500;

interface Row {
  id: number;
  user_id: number;
  title: string;
  recommendation: boolean;
  from_time: Date | string;
  expire_time: Date | string | null;
  sender_name: string | null;
}

export function getMessageTimingsRoute(app: App): void {
  app.get('/api/message-timings', { schema: { querystring: TimingDaysQuery, response: { 200: MessageTimings } } }, async (request) => {
    const { userId } = requireUser(request);
    const { firstDay, lastDay } = request.query;
    const { timeZone } = await loadTimingsViewer(app.deps.sql, userId);
    // Local days as instants: a DST day has 23 or 25 hours.
    const bounds = daysBetween(firstDay, lastDay).map((day) => {
      const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day');
      return { day, start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() };
    });
    const rangeStart = new Date(bounds[0]!.start).toISOString();
    const rangeEnd = new Date(bounds.at(-1)!.end).toISOString();
    const rows = await app.deps.sql.query<Row>(
      `SELECT m.id, m.user_id, m.title, m.recommendation, COALESCE(m.time, m.sent_time) AS from_time, m.expire_time,
              (SELECT ${userDisplayNameSql} FROM users WHERE users.id = m.user_id) AS sender_name
         FROM messages m
        WHERE (m.user_id = $1 OR $1 = ANY(m.recipients)
               OR m.recipient_groups && ARRAY(SELECT user_group_id FROM users WHERE id = $1 AND user_group_id IS NOT NULL))
          AND m.sent AND m.active AND m.reply_to_message_id IS NULL
          AND NOT (m.recommendation AND m.user_id = $1)
          AND COALESCE(m.time, m.sent_time) < $3::timestamptz
          AND CASE WHEN m.expire_time IS NULL THEN COALESCE(m.time, m.sent_time) >= $2::timestamptz ELSE m.expire_time > $2::timestamptz END
        ORDER BY from_time, m.id
        LIMIT ${maxMessages}`,
      [userId, rangeStart, rangeEnd],
    );
    const timings = bounds.flatMap(({ day, start, end }) =>
      rows
        .filter((r) => {
          const from = new Date(r.from_time).getTime();
          if (r.expire_time === null) return from >= start && from < end;
          return from < end && new Date(r.expire_time).getTime() > start;
        })
        .map((r) => ({ id: Number(r.id), day, title: r.title, recommendation: r.recommendation, own: Number(r.user_id) === userId, senderName: r.sender_name ?? '' })),
    );
    return { timings };
  });
}
