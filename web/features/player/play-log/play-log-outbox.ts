import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';

// Play-log samples wait here until the server has taken them (2xx): written at once, so a lost
// connection, a closed tab or a crash loses nothing, and removed only after the post succeeded.
// Each row keeps its user: samples from one login are never posted under another.

export interface QueuedSample {
  key: number;
  userId: number;
  item: PlayLogItem;
}

interface OutboxSchema extends DBSchema {
  samples: {
    key: number;
    value: { userId: number; item: PlayLogItem };
    indexes: { byUser: number };
  };
}

export const outboxDbName = 'sointu-play-log';

export class PlayLogOutbox {
  private opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

  constructor(private readonly dbName: string = outboxDbName) {}

  private db(): Promise<IDBPDatabase<OutboxSchema>> {
    this.opened ??= openDB<OutboxSchema>(this.dbName, 1, {
      upgrade(db) {
        const samples = db.createObjectStore('samples', { autoIncrement: true });
        samples.createIndex('byUser', 'userId');
      },
    });
    return this.opened;
  }

  async add(userId: number, item: PlayLogItem): Promise<void> {
    await (await this.db()).add('samples', { userId, item });
  }

  /** The oldest `limit` samples of a user, in the order they were written. */
  async pending(userId: number, limit: number): Promise<QueuedSample[]> {
    const db = await this.db();
    const rows: QueuedSample[] = [];
    let cursor = await db.transaction('samples').store.index('byUser').openCursor(IDBKeyRange.only(userId));
    while (cursor && rows.length < limit) {
      rows.push({ key: cursor.primaryKey, userId: cursor.value.userId, item: cursor.value.item });
      cursor = await cursor.continue();
    }
    return rows;
  }

  async count(userId: number): Promise<number> {
    return (await this.db()).countFromIndex('samples', 'byUser', IDBKeyRange.only(userId));
  }

  async remove(keys: readonly number[]): Promise<void> {
    const tx = (await this.db()).transaction('samples', 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  }

  close(): void {
    void this.opened?.then((db) => db.close());
    this.opened = null;
  }
}

export type PostSamples = (items: PlayLogItem[]) => Promise<void>;

/** The server refused the content itself (400): posting it again can never succeed. */
export type IsRefused = (error: unknown) => boolean;

export interface SendResult {
  sent: number;
  dropped: number;
  /** False when a post failed for a reason that may pass later (offline, 5xx, logged out). */
  complete: boolean;
}

export const batchSize = 500;

/**
 * Posts a user's waiting samples in batches, removing each batch only after its post succeeded.
 * A batch the server refuses as invalid is split in halves until the bad sample is alone, and
 * only that sample is dropped: one broken sample must not hold back a day of plays.
 * A re-post after a lost answer is harmless: the server derives event ids from the content.
 */
export async function sendOutbox(outbox: PlayLogOutbox, userId: number, post: PostSamples, isRefused: IsRefused): Promise<SendResult> {
  const result: SendResult = { sent: 0, dropped: 0, complete: true };

  const deliver = async (batch: QueuedSample[]): Promise<boolean> => {
    try {
      await post(batch.map((row) => row.item));
    } catch (error) {
      if (!isRefused(error)) return false;
      if (batch.length === 1) {
        console.warn('Play-log sample refused by the server, dropped', batch[0]?.item, error);
        await outbox.remove(batch.map((row) => row.key));
        result.dropped += 1;
        return true;
      }
      const half = Math.ceil(batch.length / 2);
      return (await deliver(batch.slice(0, half))) && (await deliver(batch.slice(half)));
    }
    await outbox.remove(batch.map((row) => row.key));
    result.sent += batch.length;
    return true;
  };

  for (;;) {
    const batch = await outbox.pending(userId, batchSize);
    if (batch.length === 0) return result;
    if (!(await deliver(batch))) return { ...result, complete: false };
  }
}
