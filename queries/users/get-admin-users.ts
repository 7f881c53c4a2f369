import { accessDenied } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { effectiveConfig, userDisplayNameSql } from '../../infra/users/user-repository.ts';
import { AdminUserList, type AdminUserRow } from '../../schemas/api/user-admin.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/user-admin/users: the user administration table (spec 3 sections 2 and 6; issue 17).
// For a userAdmin (administers users or canInviteUsers): the active users they administer,
// themselves excluded, with the row fields and what the action rules need. Anyone else:
// AccessDenied.

interface Row {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  unit: string | null;
  email: string | null;
  resident_id: number | null;
  resident_name: string | null;
  login_token_expires: Date | string | null;
  pending_login_link: boolean;
  inserted_by_user_id: number | null;
  inserted_by_name: string | null;
  config: unknown;
}

const qualifiedDisplayName = (alias: string) => userDisplayNameSql.replace(/\b(client_name|first_name|last_name|name)\b/g, `${alias}.$1`);

export async function adminUsersOf(sql: Queryable, adminId: number, now: Date): Promise<AdminUserRow[]> {
  const rows = await sql.query<Row>(
    `SELECT u.id, u.name, u.first_name, u.last_name, ${qualifiedDisplayName('u')} AS display_name,
            CASE WHEN r.id IS NOT NULL THEN ${qualifiedDisplayName('ru')} ELSE COALESCE(NULLIF(u.client_name, ''), u.organization) END AS unit,
            u.email, u.resident_id, NULLIF(trim(concat_ws(' ', r.first_name, r.last_name)), '') AS resident_name,
            u.login_token_expires, (u.login_token IS NOT NULL AND u.login_token_expires > $2) AS pending_login_link,
            u.inserted_by_user_id, ${qualifiedDisplayName('ib')} AS inserted_by_name, u.config
       FROM user_admins a
       JOIN users u ON u.id = a.user_id
       LEFT JOIN residents r ON r.id = u.resident_id
       LEFT JOIN users ru ON ru.id = r.user_id
       LEFT JOIN users ib ON ib.id = u.inserted_by_user_id
      WHERE a.admin_user_id = $1 AND a.user_id <> $1 AND u.active
      ORDER BY display_name, u.id`,
    [adminId, now.toISOString()],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    unit: row.unit,
    email: row.email,
    residentId: row.resident_id == null ? null : Number(row.resident_id),
    residentName: row.resident_name,
    loginTokenExpires: row.login_token_expires == null ? null : new Date(row.login_token_expires).toISOString(),
    pendingLoginLink: row.pending_login_link,
    insertedByUserId: row.inserted_by_user_id == null ? null : Number(row.inserted_by_user_id),
    insertedByName: row.inserted_by_user_id == null ? null : row.inserted_by_name,
    betweenFamilies: effectiveConfig(row.config, false).betweenFamilies,
  }));
}

export function getAdminUsersRoute(app: App): void {
  app.get('/api/user-admin/users', { schema: { response: { 200: AdminUserList } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const [caller] = await sql.query<{ config: unknown; administers: boolean }>(
      'SELECT config, EXISTS (SELECT 1 FROM user_admins WHERE admin_user_id = $1) AS administers FROM users WHERE id = $1 AND active',
      [session.userId],
    );
    if (!caller || !effectiveConfig(caller.config, caller.administers).userAdmin) throw accessDenied();
    return { users: await adminUsersOf(sql, session.userId, now()) };
  });
}
