import type { Queryable } from '../../infra/sql/sql.ts';
import { postgresProjector } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Monthly targets per user (spec 3 sections 3 and 5): one row per (user, field, category, month),
// holding the latest value set. Each row remembers the stream version that set it and only a
// higher version overwrites it, so replaying a batch, or an older batch, changes nothing.

/** The stable name queries read (a view of the serving version's table). */
export const targetCountsTable = 'target_counts';

export interface TargetCountRow {
  userId: number;
  field: 'sessions' | 'categories';
  categoryId: number | null;
  /** First day of the month (YYYY-MM-DD). */
  day: string;
  value: number;
}

/** Version `version` of the read model, in its own table `rm_target_counts_v<version>_targets`. */
export const createTargetCountsProjector = (version: number) => {
  const { tables: { targets: table }, views } = readModelViews({ name: 'target-counts', version }, { targets: { view: targetCountsTable, suffix: 'targets' } });
  return postgresProjector({
    name: 'target-counts',
    version,
    handles: ['TargetCountSet'],
    views,

    async setup(sql) {
      // category_key: -1 for session targets, so the key has no NULL in it.
      await sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (
        user_id bigint NOT NULL,
        field text NOT NULL CHECK (field IN ('sessions', 'categories')),
        category_key bigint NOT NULL,
        day date NOT NULL,
        value integer NOT NULL,
        set_by_user_id bigint NOT NULL,
        stream_version bigint NOT NULL,
        PRIMARY KEY (user_id, field, category_key, day)
      )`);
    },

    async apply(tx, events) {
      // Latest per key inside the batch first: one statement may not touch a row twice.
      const latest = new Map<string, (typeof events)[number]>();
      for (const event of events) {
        const { userId, field, categoryId, day } = event.data;
        const key = `${userId}/${field}/${categoryId ?? -1}/${day}`;
        const seen = latest.get(key);
        if (!seen || seen.streamVersion < event.streamVersion) latest.set(key, event);
      }
      const rows = [...latest.values()].map((e) => ({
        user_id: e.data.userId,
        field: e.data.field,
        category_key: e.data.categoryId ?? -1,
        day: e.data.day,
        value: e.data.value,
        set_by_user_id: e.data.setByUserId,
        stream_version: e.streamVersion,
      }));
      await tx.query(
        `INSERT INTO ${table} AS t (user_id, field, category_key, day, value, set_by_user_id, stream_version)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(user_id bigint, field text, category_key bigint, day date, value integer, set_by_user_id bigint, stream_version bigint)
         ON CONFLICT (user_id, field, category_key, day) DO UPDATE SET
           value = EXCLUDED.value, set_by_user_id = EXCLUDED.set_by_user_id, stream_version = EXCLUDED.stream_version
         WHERE t.stream_version < EXCLUDED.stream_version`,
        [JSON.stringify(rows)],
      );
    },
  });
};

export const targetCountsProjector = createTargetCountsProjector(1);

/** The targets of these users whose month starts in [firstDay, lastDay]. */
export async function listTargetCounts(db: Queryable, userIds: readonly number[], firstDay: string, lastDay: string): Promise<TargetCountRow[]> {
  try {
    const rows = await db.query<{ user_id: number | string; field: 'sessions' | 'categories'; category_key: number | string; day: string; value: number }>(
      `SELECT user_id, field, category_key, day::text AS day, value FROM ${targetCountsTable}
       WHERE user_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date ORDER BY user_id, field, category_key, day`,
      [userIds, firstDay, lastDay],
    );
    return rows.map((r) => ({ userId: Number(r.user_id), field: r.field, categoryId: Number(r.category_key) < 0 ? null : Number(r.category_key), day: r.day, value: r.value }));
  } catch (error) {
    // 42P01: the runner has not created the table yet, so no target has been projected either.
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}
