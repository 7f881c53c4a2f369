import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { ensureCheckpointSchema } from '../../projections/engine/checkpoint-store.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { projectors } from '../../projections/projectors.ts';

// Migration 011 on an existing data directory: the read models' tables under the old names (made
// by migrations 004-006 and by earlier set-ups) and the active list in users go, with their
// checkpoints, so the first start projects every read model again from position 0 of the log into
// its own tables behind the stable views.

describe('upgrading a data directory to read models that own their tables', () => {
  let sql: Sql;
  let store: PostgresEventStore;
  let userId: number;
  const at = '2026-11-20T08:00:00.000Z';

  beforeAll(async () => {
    sql = await emptyPglite();
    await migrate(sql);
    store = createPostgresEventStore(sql);
    await store.setup();
    const [user] = await sql.query<{ id: number }>("INSERT INTO users (name, config) VALUES ('upgraded', '{}') RETURNING id");
    userId = user!.id;
    await store.append(`favorite-list-77`, [{ id: eventId('upgrade', 1), type: 'FavoriteListCreated', data: { listId: 77, userId, name: 'Aamu', description: '', at } }]);
    await store.append(`favorites-${userId}`, [{ id: eventId('upgrade', 2), type: 'ActiveFavoriteListSet', data: { userId, listId: 77, at } }]);

    // The world before 011: the old tables holding what was projected (here: something stale), the
    // users column, and checkpoints at the end of the log.
    await sql.exec(`DELETE FROM schema_migrations WHERE name LIKE '011%';
      ALTER TABLE users ADD COLUMN active_user_tag_group_id integer;
      CREATE TABLE favorite_lists (id integer PRIMARY KEY, user_id integer NOT NULL, user_group_id integer, name text NOT NULL,
        description text NOT NULL DEFAULT '', copied_from_list_id integer, created_at timestamptz NOT NULL);
      INSERT INTO favorite_lists VALUES (1, 1, NULL, 'stale', '', NULL, now());
      CREATE TABLE messages (id integer PRIMARY KEY);
      CREATE TABLE last_activity (user_id bigint PRIMARY KEY);`);
    await ensureCheckpointSchema(sql);
    await sql.query(
      `INSERT INTO projection_checkpoints (name, version, position_tx, position_seq, events_processed)
       SELECT p, 1, 999999999, 999999, 2 FROM unnest($1::text[]) AS p`,
      [['favorites', 'messages', 'last-activity', 'evaluations', 'target-counts', 'usage-session-state']],
    );
    await sql.query("INSERT INTO projection_versions (name, current_version) SELECT p, 1 FROM unnest($1::text[]) AS p", [['favorites', 'messages', 'last-activity']]);

    // The first start of the new release: migrations, then the projections.
    expect(await migrate(sql)).toEqual([expect.stringMatching(/^011_/)]);
    await projectAll({ log: store, sql, projectors: projectors.filter((p) => p.kind === 'postgres') });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await sql?.close();
  });

  it('should drop the old tables and the users column, and keep the id sequences', async () => {
    const kinds = await sql.query<{ relname: string; relkind: string }>(
      `SELECT relname, relkind::text AS relkind FROM pg_class WHERE relname = ANY($1::text[]) ORDER BY relname`,
      [['favorite_lists', 'messages', 'last_activity', 'favorite_list_ids', 'message_ids']],
    );
    // v: the stable names are views now; S: sequences.
    expect(kinds).toEqual([
      { relname: 'favorite_list_ids', relkind: 'S' },
      { relname: 'favorite_lists', relkind: 'v' },
      { relname: 'last_activity', relkind: 'v' },
      { relname: 'message_ids', relkind: 'S' },
      { relname: 'messages', relkind: 'v' },
    ]);
    expect(await sql.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'active_user_tag_group_id'")).toEqual([]);
  });

  it('should project every read model again from position 0 into its own tables', async () => {
    expect(await sql.query('SELECT id, name FROM favorite_lists')).toEqual([{ id: 77, name: 'Aamu' }]);
    expect(await sql.query('SELECT id, name FROM rm_favorites_v1_lists')).toEqual([{ id: 77, name: 'Aamu' }]);
    expect((await loadUser(sql, userId))?.activeUserTagGroupId).toBe(77);
    const checkpoints = await sql.query<{ name: string; events_processed: number | string }>(
      "SELECT name, events_processed FROM projection_checkpoints WHERE name = 'favorites'",
    );
    expect(checkpoints.map((c) => Number(c.events_processed))).toEqual([2]);
  });
});
