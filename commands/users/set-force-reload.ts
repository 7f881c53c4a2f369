import { ChangedResult, SetForceReloadRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// set-force-reload {value, userIds} (spec 3 section 7): after a release or a changed
// configuration the operator makes the users' browsers load the app again. With value true,
// every open browser of the users hears ForceReload over /ws at once; the flag also stays on the
// user until a ping delivers it (GET /api/ping's forceReload, once), for a browser whose live
// channel is down. value false withdraws a flag not yet delivered. The audit row records the
// flag only: a users row also holds the password hash, which the log must never copy.

export const setForceReloadRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Makes the users' open browsers reload the app now (over /ws) or at their next ping; value false withdraws it.",
  body: SetForceReloadRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    const changed = await request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'users', body.userIds, 'userIds');
      const rows = await tx.query<{ id: number }>('UPDATE users SET force_reload = $2 WHERE id = ANY($1::integer[]) AND force_reload IS DISTINCT FROM $2 RETURNING id', [[...new Set(body.userIds)], body.value]);
      await auditRows(tx, 'users', 'UPDATE', userId, 'set-force-reload', rows.map(({ id }) => ({ old: { id, force_reload: !body.value }, new: { id, force_reload: body.value } })));
      return rows.length;
    });
    // After the commit: a browser that reloads at once and pings finds the flag set.
    if (body.value) for (const id of new Set(body.userIds)) request.server.live.send(id, { type: 'ForceReload' });
    return { changed };
  },
});
