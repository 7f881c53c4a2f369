import type { Queryable } from '../../infra/sql/sql.ts';

// An item's id comes from a sequence and does not name its message's stream (`message-{id}`); the
// messages read model (table message_items) is the index from item to message. The adding call
// waited for the read model, so an item the browser knows is found here.

/** Which message an item belongs to (null: unknown, or not projected yet). */
export async function messageIdOfItem(db: Queryable, itemId: number): Promise<number | null> {
  const [row] = await db.query<{ message_id: number }>('SELECT message_id FROM message_items WHERE id = $1', [itemId]);
  return row ? Number(row.message_id) : null;
}
