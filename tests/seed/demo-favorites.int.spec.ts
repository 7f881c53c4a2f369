import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { demoFavoriteLists } from '../../tools/seed/demo-favorites.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { getFavorites } from '../../queries/favorites/get-favorites.ts';
import { listReadableUserTagGroups } from '../../queries/favorites/get-user-tag-groups.ts';
import { projectAll } from '../../projections/engine/project-all.ts';

// The demo caregiver starts with favorites to play (the browser test plays from them): lists made
// through the favorites commands at seed time, read back through the projector and the queries.

describe('demo favorites', () => {
  let sql: Sql;
  let dataDir: string;
  let caregiverId: number;

  beforeAll(async () => {
    sql = await emptyPglite();
    await migrate(sql);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-demo-favorites-'));
    await seedDemoData({ sql, dataDir });
    await projectAll({ log: createPostgresEventStore(sql), sql, projectors: [favoritesProjector] });
    caregiverId = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE name = 'caregiver'`))[0]!.id;
  }, 600_000);
  afterAll(async () => {
    await sql?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should give the caregiver two lists of their own, an active one, and a read-only list of the administrator', async () => {
    const lists = await listReadableUserTagGroups(sql, caregiverId);
    expect(lists.map((l) => [l.name, l.canModify, l.audioFileCount])).toEqual([
      ['Calm afternoon', true, 4],
      ['Morning favourites', true, 5],
      ['Recommended by the office', false, 3],
    ]);
    const morning = lists.find((l) => l.name === 'Morning favourites')!;
    expect((await loadUser(sql, caregiverId))?.activeUserTagGroupId).toBe(morning.id);

    const favorites = await getFavorites(sql, caregiverId, { userTagGroupIdList: [morning.id], offset: 0 });
    expect(favorites.audioFiles.map((f) => [f.name, f.order])).toEqual([
      ['Aamukahvi', 1],
      ['Ode to Joy', 2],
      ['Kesäillan valssi', 3],
      ['Koivun alla', 4],
      ['Morning stretch', 5],
    ]);
    expect(favorites.audioFiles.every((f) => f.fileId !== null && f.length > 0)).toBe(true);
    expect(favorites.recipes.map((r) => r.name)).toEqual(['Morning routine']);
    const defaults = await getFavorites(sql, caregiverId, { offset: 0 });
    expect(defaults.totalCount).toBe(demoFavoriteLists.find((l) => l.owner === 'caregiver' && !l.name)!.slugs.length);
  });

  it("should give the relative lists of their own for their resident, one of them active", async () => {
    const relativeId = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE name = 'relative'`))[0]!.id;
    const lists = await listReadableUserTagGroups(sql, relativeId);
    expect(lists.map((l) => [l.name, l.canModify, l.audioFileCount])).toEqual([
      ["Aino's waltzes", true, 5],
      ['Sunday hymns for Aino', true, 3],
    ]);
    expect((await loadUser(sql, relativeId))?.activeUserTagGroupId).toBe(lists[0]!.id);
    const waltzes = await getFavorites(sql, relativeId, { userTagGroupIdList: [lists[0]!.id], offset: 0 });
    expect(waltzes.audioFiles.map((f) => f.name)).toEqual(['Kesäillan valssi', 'Satamatango', 'Tanssilavan polkka', 'Koivun alla', 'Iltatähti']);
    expect(waltzes.audioFiles.every((f) => f.fileId !== null && f.length > 0)).toBe(true);
    expect((await getFavorites(sql, relativeId, { offset: 0 })).totalCount).toBe(2);
  });

  it('should not seed favorites twice', async () => {
    await seedDemoData({ sql, dataDir });
    const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'FavoriteListCreated'`);
    expect(row!.n).toBe(demoFavoriteLists.filter((l) => l.name).length);
  });
});
