import { validationError } from '../../infra/errors.ts';
import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { CopyUserSettingsRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// copy-user-settings {fromUserId, toUserIds, settings: {userGroupItems}} (spec 3 section 7): units
// set up like an existing one after they exist (copy-user makes a new one). Each setting of the
// source (results per page, session target, one-click play...) replaces the target's value of that
// key; a key the source lacks is left alone. With settings.userGroupItems the source's group
// memberships are added too (a membership the target has already keeps its own mode). A setting
// or membership that is already the same is not written and has no audit row.

type Row = Record<string, unknown>;

export const copyUserSettingsRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Copies the source user's settings (and with settings.userGroupItems, their group memberships) to the users; each key copied replaces the target's value.",
  body: CopyUserSettingsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId: actor } = await requireOperator(request);
    if (body.toUserIds.includes(body.fromUserId)) throw validationError([{ path: 'body.toUserIds', message: 'A user cannot be copied onto themselves' }]);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'users', [body.fromUserId], 'fromUserId');
      await requireExisting(tx, 'users', body.toUserIds, 'toUserIds');
      const targets = [...new Set(body.toUserIds)];
      const old = await tx.query<Row & { user_id: number; key: string }>(
        'SELECT * FROM settings WHERE user_id = ANY($1::integer[]) AND key IN (SELECT key FROM settings WHERE user_id = $2) FOR UPDATE',
        [targets, body.fromUserId],
      );
      const written = await tx.query<Row & { user_id: number; key: string }>(
        `INSERT INTO settings (user_id, key, value)
         SELECT t, s.key, s.value FROM settings s, unnest($1::integer[]) AS t WHERE s.user_id = $2
         ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() WHERE settings.value IS DISTINCT FROM EXCLUDED.value
         RETURNING *`,
        [targets, body.fromUserId],
      );
      const before = new Map(old.map((r) => [`${r.user_id}/${r.key}`, r]));
      const changes = written.map((row) => ({ old: before.get(`${row.user_id}/${row.key}`), new: row }));
      await auditRows(tx, 'settings', 'INSERT', actor, 'copy-user-settings', changes.filter((c) => c.old === undefined));
      await auditRows(tx, 'settings', 'UPDATE', actor, 'copy-user-settings', changes.filter((c) => c.old !== undefined));
      let changed = written.length;
      if (body.settings.userGroupItems) {
        const items = await tx.query<Row>(
          `INSERT INTO user_group_items (user_group_id, user_id, mode, active)
           SELECT i.user_group_id, t, i.mode, i.active FROM user_group_items i, unnest($1::integer[]) AS t WHERE i.user_id = $2
           ON CONFLICT (user_group_id, user_id) DO NOTHING RETURNING *`,
          [targets, body.fromUserId],
        );
        await auditRows(tx, 'user_group_items', 'INSERT', actor, 'copy-user-settings', items.map((row) => ({ new: row })));
        changed += items.length;
      }
      return { changed };
    });
  },
});
