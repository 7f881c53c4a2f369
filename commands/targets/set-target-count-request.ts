import { DateTime } from 'luxon';
import { notFound } from '../../infra/errors.ts';
import { handleCommand } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { requireUser } from '../../server/http/auth.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { SetTargetCountRequest, SetTargetCountResult } from '../../schemas/api/requests.ts';
import { streams } from '../../schemas/events/index.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { setTargetCountDecider } from './set-target-count.ts';

// set-target-count {field, userId, categoryId?, value} (spec 3 sections 5 and 7): the target of
// the current month, counted in the target user's time zone (on the 1st at 00:30 in Helsinki it
// is already the new month there while UTC still shows the old one). The decider refuses anyone
// but the user and their administrators.

export const setTargetCountRequest = typedRequest({
  permission: 'The user or one of their administrators.',
  effect: "Sets the target (sessions or a category) of the current month in the user's time zone.",
  body: SetTargetCountRequest,
  result: SetTargetCountResult,
  async handle(request, body) {
    const session = requireUser(request);
    const { sql, store, now } = request.server.deps;
    const [target, admins] = await Promise.all([
      loadUser(sql, body.userId),
      sql.query('SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2', [session.userId, body.userId]),
    ]);
    // A stranger learns nothing about which ids exist: AccessDenied either way.
    if (!target && (session.userId === body.userId || admins.length > 0)) throw notFound();
    const zoned = DateTime.fromJSDate(now()).setZone(target?.config.timeZone ?? 'Europe/Helsinki');
    const day = (zoned.isValid ? zoned : DateTime.fromJSDate(now()).setZone('Europe/Helsinki')).startOf('month').toISODate()!;
    const command = {
      actor: { userId: session.userId, adminOfUserIds: admins.length > 0 ? [body.userId] : [] },
      userId: body.userId,
      field: body.field,
      categoryId: body.categoryId ?? null,
      day,
      value: body.value,
    };
    const events = await handleCommand(store, streams.targets(body.userId), setTargetCountDecider, command, (e, i, version) =>
      eventId('TargetCountSet', e.data.userId, e.data.field, e.data.categoryId ?? '', e.data.day, e.data.value, version, i),
    );
    return { userId: body.userId, field: body.field, categoryId: command.categoryId, day, value: body.value, changed: events.length > 0 };
  },
});
