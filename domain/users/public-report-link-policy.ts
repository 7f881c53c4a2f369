import type { FastifyRequest } from 'fastify';
import { accessDenied } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';

// Who may issue, show and revoke a unit's public report link (issue 17 item 6): an administrator
// of the unit (user_admins) whose own config has showPublicReport, in a session of their own (not a
// public-report visitor, not a support login into someone else's account). An outsider learns
// nothing about which ids exist: anything else is AccessDenied.

export async function requirePublicReportLinkManager(sql: Queryable, caller: { userId: number; admin: boolean }, unitId: number): Promise<void> {
  if (caller.admin) throw accessDenied();
  const actor = await loadUser(sql, caller.userId);
  if (!actor?.config.showPublicReport) throw accessDenied();
  const [row] = await sql.query('SELECT 1 FROM user_admins a JOIN users u ON u.id = a.user_id WHERE a.admin_user_id = $1 AND a.user_id = $2 AND u.active', [caller.userId, unitId]);
  if (!row) throw accessDenied();
}

/** The service's address for links a person opens: PUBLIC_URL behind a proxy, else the request's own. */
export const serviceBaseUrl = (request: FastifyRequest): string => request.server.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

export function publicReportLinkOf(request: FastifyRequest, userId: number, token: string | null) {
  return { userId, token, link: token === null ? null : `${serviceBaseUrl(request)}/?rtoken=${encodeURIComponent(token)}` };
}
