import { validationError } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';

// Who sees a message (spec 2 section 6), as SQL over the messages read model
// (projections/postgres/messages.ts) aliased `m`: its owner, and once it is sent, its recipients
// and the members of its recipient groups. One rule for every query, command and file check.

/** `m` was sent to `viewer` (an SQL expression: a parameter or a column), directly or to their group. */
export const addressedTo = (viewer: string) => `(m.sent AND (${viewer} = ANY(m.recipients)
  OR m.recipient_groups && ARRAY(SELECT user_group_id FROM users WHERE id = ${viewer} AND user_group_id IS NOT NULL)))`;

/** `viewer` owns `m` or it was sent to them. */
export const seenBy = (viewer: string) => `(m.user_id = ${viewer} OR ${addressedTo(viewer)})`;

/** Whether `itemId` is an item of a message `userId` sees (false for an item that is not there). */
export async function seesMessageItem(db: Queryable, userId: number, itemId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM message_items i JOIN messages m ON m.id = i.message_id WHERE i.id = $2 AND ${seenBy('$1')}`, [userId, itemId]);
  return rows.length > 0;
}

/**
 * For an evaluation of a message item: the item must be on a message the user sees. Otherwise a
 * ValidationError naming `path`, the same for someone else's item and one that does not exist, so
 * no id can be probed.
 */
export async function requireVisibleMessageItem(db: Queryable, userId: number, itemId: number, path: string): Promise<void> {
  if (!(await seesMessageItem(db, userId, itemId))) throw validationError([{ path, message: 'Unknown message item' }]);
}
