import type { Queryable } from '../../infra/sql/sql.ts';

// Who may read a favorite list (spec 1 sections 5 and 6): its maker; the members of the user
// group it is shared with; and the users its maker administers (an administrator's lists serve
// their units). Everyone else gets AccessDenied. Only the maker changes a list.

export interface ListOwnership {
  ownerUserId: number;
  userGroupId: number | null;
}

/** The lists `userId` may read, as a condition on `favorite_lists l`; $1 is the reader's id. */
export const readableByReader = `(
  l.user_id = $1
  OR (l.user_group_id IS NOT NULL AND l.user_group_id = (SELECT u.user_group_id FROM users u WHERE u.id = $1))
  OR EXISTS (SELECT 1 FROM user_admins ua WHERE ua.admin_user_id = l.user_id AND ua.user_id = $1)
)`;

export async function canReadList(db: Queryable, readerUserId: number, list: ListOwnership): Promise<boolean> {
  if (list.ownerUserId === readerUserId) return true;
  const rows = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM user_admins WHERE admin_user_id = $2 AND user_id = $1)
        OR ($3::integer IS NOT NULL AND $3::integer = (SELECT user_group_id FROM users WHERE id = $1))`,
    [readerUserId, list.ownerUserId, list.userGroupId],
  );
  return rows.length > 0;
}
