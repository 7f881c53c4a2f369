import type { Queryable } from '../../infra/sql/sql.ts';
import { RemovedUserList } from '../../schemas/api/user-admin.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/user-admin/removed-users (issue 17 deliver 7): the users whose administration by the
// caller ended when they were removed. Their history stays (the log is never rewritten), so the
// report's user list offers them after the administered users, labelled as removed. Only the
// caller's own former administrations: empty for everyone else.

export async function formerlyAdministered(sql: Queryable, adminId: number): Promise<RemovedUserList['users']> {
  const rows = await sql.query<{ id: number; name: string; removed_at: Date | string }>(
    `SELECT u.id, u.name, f.removed_at
       FROM former_user_admins f JOIN users u ON u.id = f.user_id
      WHERE f.admin_user_id = $1 AND u.removed_at IS NOT NULL
      ORDER BY u.name, u.id`,
    [adminId],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, removedAt: new Date(r.removed_at).toISOString() }));
}

export function getRemovedUsersRoute(app: App): void {
  app.get('/api/user-admin/removed-users', { schema: { response: { 200: RemovedUserList } } }, async (request) => {
    const session = requireUser(request);
    return { users: await formerlyAdministered(app.deps.sql, session.userId) };
  });
}
