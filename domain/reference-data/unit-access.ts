import { accessDenied } from '../../infra/errors.ts';
import type { Session } from '../../infra/auth/session.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import type { UserConfig } from '../../schemas/api/user.ts';

// Reference data of a unit (residents, activities: reference-table.ts) belongs to a unit (a user).
// The unit itself and its administrators (adminOfUsers) read and change it; anyone else gets
// AccessDenied.

/** Every one of `userIds` is the caller or administered by them; otherwise AccessDenied. */
export async function requireUnitsOf(db: Queryable, session: Session, userIds: readonly number[]): Promise<void> {
  const others = [...new Set(userIds)].filter((id) => id !== session.userId);
  if (others.length === 0) return;
  const rows = await db.query<{ user_id: number }>('SELECT user_id FROM user_admins WHERE admin_user_id = $1 AND user_id = ANY($2::integer[])', [session.userId, others]);
  if (rows.length !== others.length) throw accessDenied();
}

/** A yes/no flag of the user's config. */
export type UserFlag = { [K in keyof UserConfig]-?: UserConfig[K] extends boolean ? K : never }[keyof UserConfig];

/** Creating needs the caller's flag (canCreateResidents / canCreateActivities, spec 3 section 2). */
export async function requireFlag(db: Queryable, session: Session, flag: UserFlag): Promise<UserConfig> {
  const user = await loadUser(db, session.userId);
  if (!user?.config[flag]) throw accessDenied();
  return user.config;
}
