import type { Queryable } from '../sql/sql.ts';
import { conflict } from '../errors.ts';
import type { AppendResult } from './event-store.ts';
import type { PreparedEvent, PreparedRequest } from './prepare-events.ts';

// One append (of one or many streams) inside one transaction: drop already stored event ids,
// reserve stream versions (the optimistic concurrency check), then insert every row with a
// single statement, whatever the number of events or streams.
export const EVENT_ID_CONSTRAINT = 'events_event_id_key';

interface Plan {
  request: PreparedRequest;
  fresh: PreparedEvent[];
  /** Version of the stream's last event after this request. */
  version?: number;
}

/**
 * `lookForStored`: false is the optimistic first attempt for fresh events (no lookup; a stored id
 * then fails the insert on the unique index and the caller runs again with true).
 */
export async function appendInTransaction(
  tx: Queryable,
  requests: readonly PreparedRequest[],
  options: { lookForStored?: boolean } = {},
): Promise<AppendResult[]> {
  const { lookForStored = true } = options;
  const stored = lookForStored ? await storedIds(tx, requests.flatMap((r) => r.events.map((e) => e.id))) : new Set<string>();
  // `stored` also collects the ids taken by earlier requests, so a repeated id in one call is stored once.
  const plans = requests.map((request): Plan => ({ request, fresh: request.events.filter((e) => !stored.has(e.id) && !!stored.add(e.id)) }));
  const writing = plans.filter((p) => p.fresh.length > 0);

  // Streams written only with 'any' get their versions from one upsert; the others need a check
  // each. Both go in stream order so concurrent bulk appends lock rows in the same order.
  const byStream = new Map<string, Plan[]>();
  for (const plan of writing) {
    const same = byStream.get(plan.request.stream);
    if (same) same.push(plan);
    else byStream.set(plan.request.stream, [plan]);
  }
  const anyOnly = [...byStream.entries()].filter(([, ps]) => ps.every((p) => p.request.expected === 'any'));
  await reserveAny(tx, new Map(anyOnly));
  const checked = writing.filter((p) => p.version === undefined).sort((a, b) => compareText(a.request.stream, b.request.stream));
  for (const plan of checked) await reserveChecked(tx, plan);

  await insertEvents(tx, plans);
  await resolveUnwritten(tx, plans.filter((p) => p.version === undefined));
  return plans.map((p) => ({ nextExpectedVersion: p.version ?? -1, appended: p.fresh.length }));
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function storedIds(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>('SELECT event_id::text AS id FROM events WHERE event_id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

async function reserveAny(tx: Queryable, byStream: Map<string, Plan[]>): Promise<void> {
  if (byStream.size === 0) return;
  const names = [...byStream.keys()].sort(compareText);
  const counts = names.map((s) => byStream.get(s)!.reduce((n, p) => n + p.fresh.length, 0));
  const rows = await tx.query<{ stream_id: string; version: number }>(
    `INSERT INTO streams AS s (stream_id, version)
     SELECT u.stream_id, u.n - 1 FROM unnest($1::text[], $2::bigint[]) AS u(stream_id, n) ORDER BY u.stream_id
     ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version + 1
     RETURNING stream_id, version`,
    [names, counts],
  );
  for (const row of rows) {
    const ps = byStream.get(row.stream_id)!;
    let version = Number(row.version) - ps.reduce((n, p) => n + p.fresh.length, 0);
    for (const p of ps) p.version = version += p.fresh.length;
  }
}

async function reserveChecked(tx: Queryable, plan: Plan): Promise<void> {
  const { stream, expected } = plan.request;
  const n = plan.fresh.length;
  const rows =
    expected === 'any'
      ? await tx.query<{ version: number }>(
          `INSERT INTO streams AS s (stream_id, version) VALUES ($1, $2::bigint - 1)
           ON CONFLICT (stream_id) DO UPDATE SET version = s.version + $2::bigint RETURNING version`,
          [stream, n],
        )
      : expected === 'no_stream' || expected === -1
        ? await tx.query<{ version: number }>(
            'INSERT INTO streams (stream_id, version) VALUES ($1, $2::bigint - 1) ON CONFLICT (stream_id) DO NOTHING RETURNING version',
            [stream, n],
          )
        : await tx.query<{ version: number }>(
            'UPDATE streams SET version = version + $2::bigint WHERE stream_id = $1 AND version = $3 RETURNING version',
            [stream, n, expected],
          );
  if (rows[0]) {
    plan.version = Number(rows[0].version);
    return;
  }
  // A retry racing its first attempt lands here after that attempt committed: the ids are
  // stored now (this statement sees the newer commit), so it is a duplicate, not a conflict.
  const nowStored = await storedIds(tx, plan.request.events.map((e) => e.id));
  if (plan.request.events.every((e) => nowStored.has(e.id))) {
    plan.fresh = [];
    return;
  }
  throw staleVersion(stream, expected, await currentVersion(tx, stream));
}

/** Requests that wrote nothing: retries answer with the current version; empty appends still check it. */
async function resolveUnwritten(tx: Queryable, plans: readonly Plan[]): Promise<void> {
  for (const plan of plans) {
    const { stream, expected, events } = plan.request;
    plan.version = await currentVersion(tx, stream);
    const matches = expected === 'any' || (expected === 'no_stream' ? plan.version === -1 : plan.version === expected);
    if (events.length === 0 && !matches) throw staleVersion(stream, expected, plan.version);
  }
}

async function currentVersion(tx: Queryable, stream: string): Promise<number> {
  const rows = await tx.query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [stream]);
  return rows[0] ? Number(rows[0].version) : -1;
}

const staleVersion = (stream: string, expected: PreparedRequest['expected'], actual: number) =>
  conflict(`Stream ${stream} is at version ${actual}, expected ${expected}`, { stream, expected, actual });

const EVENT_COLUMNS = 'events (event_id, stream_id, stream_version, type, schema_version, data, metadata)';
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A field in COPY's text format. */
const copyField = (text: string) => (COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text);
/** JSON.stringify escapes every control character, so its output only needs its backslashes doubled. */
const copyJson = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);

/**
 * All rows go in one COPY: no parameter arrays to encode on the client, and the server loads
 * the rows in batches instead of running them one by one through an INSERT ... SELECT.
 */
async function insertEvents(tx: Queryable, plans: readonly Plan[]): Promise<void> {
  if (!tx.copyFrom) throw new Error('The event store needs a transaction that offers copyFrom');
  let rows = '';
  for (const plan of plans) {
    if (plan.fresh.length === 0) continue;
    const stream = copyField(plan.request.stream);
    let version = plan.version! - plan.fresh.length;
    for (const event of plan.fresh) {
      rows += `${event.id}\t${stream}\t${++version}\t${event.type}\t${event.schemaVersion}\t${copyJson(event.data)}\t${copyJson(event.metadata)}\n`;
    }
  }
  if (rows === '') return;
  await tx.copyFrom(EVENT_COLUMNS, rows);
}
