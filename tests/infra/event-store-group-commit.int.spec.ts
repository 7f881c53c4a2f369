import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors.ts';
import { LOG_START, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { playSampled } from './event-store-fixtures.ts';

// Group commit on PGlite (postgres-event-store.ts): appends that arrive in the same turn of the
// event loop, as the usage posts of one burst do, are written in ONE transaction. Each call must
// still get exactly the answer it would get alone, in order: its own versions, its own conflict,
// its own retry skipped.

describe('Postgres event store on PGlite: group commit', () => {
  let sql: Sql;
  let store: PostgresEventStore;
  let run: string;
  let user = 5000;
  const nextUser = () => ++user;
  const events = (u: number, from: number, count: number) => Array.from({ length: count }, (_, i) => playSampled(u, from + i, run));
  const txOf = (recorded: RecordedEvent[]) => new Set(recorded.map((e) => e.position.tx));

  beforeAll(async () => {
    sql = await createPgliteSql();
    store = createPostgresEventStore(sql);
    await store.setup();
    run = randomUUID();
  });
  afterAll(async () => {
    await store.close();
    await sql.close();
  });

  it('writes the appends of one turn in one transaction, each with its own versions, and the log without gaps', async () => {
    const users = Array.from({ length: 12 }, nextUser);
    const before = (await store.readAll(LOG_START, 100_000)).length;
    // Two calls to the first user's stream: the second continues where the first ended.
    const calls = [
      ...users.map((u) => store.appendMany([{ stream: `usage-${u}`, events: events(u, 0, 50) }])),
      store.append(`usage-${users[0]}`, events(users[0]!, 50, 3)),
    ];
    const results = await Promise.all(calls);
    expect(results.slice(0, -1)).toEqual(users.map(() => [{ nextExpectedVersion: 49, appended: 50 }]));
    expect(results.at(-1)).toEqual({ nextExpectedVersion: 52, appended: 3 });

    const streams = await Promise.all(users.map((u) => store.readStream(`usage-${u}`)));
    expect(streams[0]!.map((e) => e.streamVersion)).toEqual(Array.from({ length: 53 }, (_, i) => i));
    // Fewer transactions than calls: the calls after the first of the turn went together.
    expect(txOf(streams.flat()).size).toBeLessThan(calls.length);
    const log = (await store.readAll(LOG_START, 100_000)).slice(before);
    expect(log).toHaveLength(12 * 50 + 3);
    expect(new Set(log.map((e) => e.id)).size).toBe(log.length);
    expect(log.map((e) => e.position.seq)).toEqual([...log.map((e) => e.position.seq)].sort((a, b) => a - b));
  });

  it('answers a stale expected version in a group with Conflict, and stores the others of the group', async () => {
    const [a, b, c] = [nextUser(), nextUser(), nextUser()];
    await store.append(`usage-${b}`, events(b, 0, 2), 'no_stream');
    const settled = await Promise.allSettled([
      store.appendMany([{ stream: `usage-${a}`, events: events(a, 0, 5) }]),
      store.append(`usage-${b}`, events(b, 2, 1), 0),
      store.append(`usage-${c}`, events(c, 0, 4), 'no_stream'),
      // Valid alone, but the call before it in the same group takes version 2 first: a conflict.
      store.append(`usage-${c}`, events(c, 4, 1), 'no_stream'),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    for (const rejected of [settled[1], settled[3]]) {
      const reason = (rejected as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.kind).toBe('Conflict');
    }
    expect((settled[0] as PromiseFulfilledResult<unknown>).value).toEqual([{ nextExpectedVersion: 4, appended: 5 }]);
    expect((settled[2] as PromiseFulfilledResult<unknown>).value).toEqual({ nextExpectedVersion: 3, appended: 4 });
    expect((await store.readStream(`usage-${a}`)).length).toBe(5);
    expect((await store.readStream(`usage-${b}`)).length).toBe(2);
    expect((await store.readStream(`usage-${c}`)).map((e) => e.id)).toEqual(events(c, 0, 4).map((e) => e.id));
  });

  it('stores a post once when its retry lands in the same group, or in a later one', async () => {
    const u = nextUser();
    const post = events(u, 0, 20);
    const [first, retry] = await Promise.all([
      store.appendMany([{ stream: `usage-${u}`, events: post }]),
      store.appendMany([{ stream: `usage-${u}`, events: post }]),
    ]);
    expect(first).toEqual([{ nextExpectedVersion: 19, appended: 20 }]);
    expect(retry).toEqual([{ nextExpectedVersion: 19, appended: 0 }]);
    // A later retry grouped with a new post of another unit: the new one is stored, the retry skipped.
    const other = nextUser();
    const [late, fresh] = await Promise.all([
      store.appendMany([{ stream: `usage-${u}`, events: post.slice(5) }]),
      store.appendMany([{ stream: `usage-${other}`, events: events(other, 0, 7) }]),
    ]);
    expect(late).toEqual([{ nextExpectedVersion: 19, appended: 0 }]);
    expect(fresh).toEqual([{ nextExpectedVersion: 6, appended: 7 }]);
    expect((await store.readStream(`usage-${u}`)).map((e) => e.id)).toEqual(post.map((e) => e.id));
  });

  it('refuses an invalid call alone, before it can join a group', async () => {
    const [a, b] = [nextUser(), nextUser()];
    const bad = events(b, 0, 3);
    bad[2]!.data.position = -1;
    const [good, refused] = await Promise.allSettled([
      store.appendMany([{ stream: `usage-${a}`, events: events(a, 0, 3) }]),
      store.appendMany([{ stream: `usage-${b}`, events: bad }]),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: [{ nextExpectedVersion: 2, appended: 3 }] });
    expect(refused.status).toBe('rejected');
    expect(((refused as PromiseRejectedResult).reason as AppError).kind).toBe('ValidationError');
    expect((await store.readStream(`usage-${b}`)).length).toBe(0);
  });
});
