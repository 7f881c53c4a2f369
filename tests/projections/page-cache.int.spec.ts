import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_START, type GlobalLog, type NewEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { createPageCache } from '../../projections/engine/page-cache.ts';
import { loggedIn } from './support/test-events.ts';

// The runner's shared pages of the log (projections/engine/page-cache.ts) over a real event store:
// a read from inside the newest short page is answered from it, exactly as the log would up to
// that page's end; everything else goes to the log.

let sql: Sql;
let store: PostgresEventStore;
let reads = 0;
/** The store, counting the reads that reach it. */
let log: GlobalLog;

beforeAll(async () => {
  sql = await emptyPglite();
  store = createPostgresEventStore(sql);
  await store.setup();
  log = { ...store, readAll: (after, limit) => ((reads += 1), store.readAll(after, limit)) };
});
afterAll(async () => {
  await store.close();
  await sql.close();
});

const append = async (from: number, count: number) => {
  const events: NewEvent<EventOf<'LoggedIn'>>[] = Array.from({ length: count }, (_, i) => loggedIn(7, from + i, 'page-cache'));
  for (const event of events) await store.append('logins-7', [event]);
};
const ids = (events: readonly { id: string }[]) => events.map((e) => e.id);

describe('page cache', () => {
  it('should answer a read from inside the newest short page without the log, as the log would up to its end', async () => {
    await append(0, 10);
    const pages = createPageCache(log);
    const first = await pages.read(LOG_START, 100);
    expect(first).toHaveLength(10);
    reads = 0;
    // Another projector, three events behind the end.
    const rest = await pages.read(first[6]!.position, 100);
    expect(reads).toBe(0);
    expect(ids(rest)).toEqual(ids(await store.readAll(first[6]!.position, 100)));
    // Cut to the reader's limit.
    expect(ids(await pages.read(first[1]!.position, 4))).toEqual(ids(first.slice(2, 6)));
    expect(reads).toBe(0);

    // Past the page's end the log is asked, and new events show.
    await append(10, 5);
    const newer = await pages.read(first[9]!.position, 100);
    expect(reads).toBe(1);
    expect(newer).toHaveLength(5);
    // A reader still inside the first page gets its rest and the newer page after it, stitched, as the log has them.
    const behind = await pages.read(first[8]!.position, 100);
    expect(ids(behind)).toEqual(ids(await store.readAll(first[8]!.position, 100)));
    expect(ids(behind)).toEqual([...ids(first.slice(9)), ...ids(newer)]);
    // Cut to its limit across the pages.
    expect(ids(await pages.read(first[7]!.position, 4))).toEqual([...ids(first.slice(8)), ...ids(newer.slice(0, 2))]);
    expect(reads).toBe(1);
  });

  it('should never answer from a full page what lies beyond a reader inside it: the log may hold more', async () => {
    const pages = createPageCache(log);
    const all = await store.readAll(LOG_START, 1_000);
    reads = 0;
    const full = await pages.read(LOG_START, 5);
    expect(full).toHaveLength(5);
    const next = await pages.read(full[2]!.position, 100);
    expect(reads).toBe(2);
    expect(ids(next)).toEqual(ids(all.slice(3)));
  });

  it('should not stitch pages with a gap between them: the events of the gap are not known', async () => {
    const pages = createPageCache(log);
    const all = await store.readAll(LOG_START, 1_000);
    await pages.read(all.at(-6)!.position, 2);
    await pages.read(all.at(-3)!.position, 100);
    reads = 0;
    // [-5, -4] is full (not kept); [-2, -1] is kept, and nothing joins the reader at -5 to it.
    const next = await pages.read(all.at(-5)!.position, 100);
    expect(reads).toBe(1);
    expect(ids(next)).toEqual(ids(all.slice(-4)));
    // A short page that ends before the next kept one starts (events came in between): the reader
    // gets the first, short (it reads again), never the second with the gap's events missing.
    const early = createPageCache(log);
    await early.read(all.at(-9)!.position, 100);
    await append(100, 3);
    const added = await store.readAll(all.at(-1)!.position, 100);
    await early.read(added[0]!.position, 100);
    reads = 0;
    expect(ids(await early.read(all.at(-3)!.position, 100))).toEqual(ids(all.slice(-2)));
    expect(reads).toBe(0);
    expect(ids(await early.read(all.at(-1)!.position, 100))).toEqual(ids(added));
    expect(reads).toBe(1);
  });

  it('should keep no more tail than asked, and always read a page larger than that from the log', async () => {
    const pages = createPageCache(log, 4, 3);
    const all = await store.readAll(LOG_START, 1_000);
    reads = 0;
    await pages.read(all.at(-3)!.position, 100);
    await pages.read(all.at(-3)!.position, 100);
    expect(reads).toBe(1);
    await pages.read(LOG_START, 100);
    await pages.read(all[0]!.position, 100);
    expect(reads).toBe(3);
  });

  it('should answer a read from one in flight at its position that asked for as many events or more', async () => {
    const all = await store.readAll(LOG_START, 1_000);
    const from = all.at(-8)!.position;
    const rest = ids(all.slice(-7));
    // The warehouse's page and a read model's, asked for together as two projectors follow the log.
    let pages = createPageCache(log);
    reads = 0;
    const [wide, narrow, same] = await Promise.all([pages.read(from, 50_000), pages.read(from, 5), pages.read(from, 50_000)]);
    expect(reads).toBe(1);
    expect(ids(wide)).toEqual(rest);
    expect(ids(same)).toEqual(rest);
    expect(ids(narrow)).toEqual(rest.slice(0, 5));
    // The smaller asked first: it may come back full, so the larger does not wait for it.
    pages = createPageCache(log);
    reads = 0;
    const [full, own] = await Promise.all([pages.read(from, 5), pages.read(from, 50_000)]);
    expect(reads).toBe(2);
    expect(ids(full)).toEqual(rest.slice(0, 5));
    expect(ids(own)).toEqual(rest);
  });

  it('should take a short answer of the log for its end only while no append was told of since it was read', async () => {
    const pages = createPageCache(log);
    const all = await store.readAll(LOG_START, 1_000);
    const short = await pages.read(all.at(-3)!.position, 100);
    expect(pages.provesEnd(short, 100)).toBe(true);
    // Full: more may follow.
    expect(pages.provesEnd(short, 2)).toBe(false);
    pages.appended();
    expect(pages.provesEnd(short, 100)).toBe(false);
    // An answer from the kept tail was read before that notice: not proof either.
    const kept = await pages.read(all.at(-2)!.position, 100);
    expect(ids(kept)).toEqual(ids(all.slice(-1)));
    expect(pages.provesEnd(kept, 100)).toBe(false);
    // A Postgres server's reader stops below its oldest running transaction, which may end
    // without a notice: there a short answer never proves the end.
    const onServer = createPageCache({ ...log, readsEveryCommit: false });
    expect(onServer.provesEnd(await onServer.read(all.at(-3)!.position, 100), 100)).toBe(false);
  });
});
