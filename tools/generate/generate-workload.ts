import { DateTime } from 'luxon';
import { evaluationDecider, evaluationEventId, evaluationIdOf } from '../../commands/evaluations/evaluation-decider.ts';
import { checkClientTimes } from '../../commands/usage/parse-usage-log.ts';
import { usageLogEvents } from '../../commands/usage/usage-log-events.ts';
import { UsageLogData, usageLogBody } from '../../schemas/api/usage-log.ts';
import { streams } from '../../schemas/events/index.ts';
import { handleCommand } from '../../infra/event-store/decider.ts';
import type { AppendRequest, EventStore, NewEvent } from '../../infra/event-store/event-store.ts';
import type { App } from '../../server/http/zod.ts';
import { seededRandom } from '../seeded-random.ts';
import { demoPassword } from '../seed/demo-units.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { planUnitDay, type PlannedPost } from './workload-plan.ts';
import { loadPlanLibrary, loadPlanUnits } from './workload-reference.ts';

// Writes a generated workload into the log through the command path.
//
// `http`: every post goes through app.inject as the unit's browser would send it (logged in with
// POST /api/login): body validation, reference checks, session lookup, ids and appendMany, one
// transaction per post. `direct`: the same posts validated with the same schema and turned into
// events by the same usageLogEvents, but many posts per appendMany; evaluations through the same
// decider. Both give the same usage event ids; `direct` skips the per-request transaction and
// is what the demo seed uses (docs/benchmarks.md has the figures of both).

export type GenerateVia = 'http' | 'direct';

export interface GenerateOptions {
  app: App;
  unitNames: readonly string[];
  days: number;
  /** Last local day generated, YYYY-MM-DD; default yesterday (UTC). */
  until?: string;
  seed: number;
  via: GenerateVia;
  /** Posts of the direct path per appendMany. */
  batchPosts?: number;
  /** Stops between appends (shutdown while the demo usage is still being written). */
  signal?: AbortSignal;
}

export interface GenerateResult {
  units: number;
  posts: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export const yesterday = (now: Date) => DateTime.fromJSDate(now, { zone: 'utc' }).minus({ days: 1 }).toISODate()!;

/** All units' posts over the days, in the order the browsers would send them. */
export async function planWorkload(sql: Sql, options: Pick<GenerateOptions, 'unitNames' | 'days' | 'until' | 'seed'>, now: Date): Promise<PlannedPost[]> {
  const units = await loadPlanUnits(sql, options.unitNames);
  const missing = options.unitNames.filter((name) => !units.some((u) => u.name === name));
  if (missing.length > 0) throw new Error(`No such units: ${missing.join(', ')}`);
  const library = await loadPlanLibrary(sql);
  if (library.audio.length === 0) throw new Error('The content library has no audio files: seed it first');
  const last = DateTime.fromISO(options.until ?? yesterday(now));
  if (!last.isValid) throw new Error(`Invalid --until ${options.until}`);
  const posts: PlannedPost[] = [];
  for (const unit of units) {
    // One stream of randomness per unit, so adding a unit leaves the others' workload unchanged.
    const random = seededRandom(options.seed * 1_000_003 + unit.userId);
    for (let d = options.days - 1; d >= 0; d--) posts.push(...planUnitDay(random, unit, library, last.minus({ days: d }).toISODate()!, d === options.days - 1));
  }
  // What is still "in the future" for the browser is not sent yet.
  return posts.filter((post) => post.sentAt <= now.getTime()).sort((a, b) => a.sentAt - b.sentAt);
}

export async function generateWorkload(options: GenerateOptions): Promise<GenerateResult> {
  const { app } = options;
  const { sql, store } = app.deps;
  const posts = await planWorkload(sql, options, app.deps.now());
  const started = performance.now();
  const events = options.via === 'http' ? await postOverHttp(app, posts, options.signal) : await appendDirectly(store, posts, app.deps.now(), options.batchPosts ?? 500, options.signal);
  const seconds = (performance.now() - started) / 1000;
  return { units: options.unitNames.length, posts: posts.length, events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-3)) };
}

async function postOverHttp(app: App, posts: PlannedPost[], signal?: AbortSignal): Promise<number> {
  const names = await app.deps.sql.query<{ id: number; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::int[])', [[...new Set(posts.map((p) => p.userId))]]);
  const cookies = new Map<number, string>();
  for (const { id, name } of names) {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username: name, password: demoPassword } });
    const cookie = response.cookies.find((c) => c.name === 'sointu_session');
    if (response.statusCode !== 200 || !cookie) throw new Error(`Login of ${name} failed: ${response.statusCode} ${response.body}`);
    cookies.set(Number(id), `sointu_session=${cookie.value}`);
  }
  let appended = 0;
  for (const post of posts) {
    if (signal?.aborted) break;
    const headers = { cookie: cookies.get(post.userId)! };
    const response = post.kind === 'usage'
      ? await app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: usageLogBody(post.data) })
      : await app.inject({ method: 'POST', url: '/api/evaluations', headers, payload: post.body });
    if (response.statusCode !== 200) throw new Error(`${post.kind} post of user ${post.userId} failed: ${response.statusCode} ${response.body}`);
    appended += post.kind === 'usage' ? response.json<{ appended: number }>().appended : 1;
  }
  return appended;
}

async function appendDirectly(store: EventStore, posts: PlannedPost[], now: Date, batchPosts: number, signal?: AbortSignal): Promise<number> {
  let pending: Array<AppendRequest & { events: NewEvent[] }> = [];
  let pendingPosts = 0;
  let appended = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    appended += (await store.appendMany(pending)).reduce((sum, r) => sum + r.appended, 0);
    pending = [];
    pendingPosts = 0;
  };
  for (const post of posts) {
    // What is not yet appended is left out; a retry of the same seed fills it in (same ids).
    if (signal?.aborted) return appended;
    if (post.kind === 'evaluation') {
      // Keep the log in the order the posts were sent.
      await flush();
      const { audioFileId, score, time } = post.body;
      const target = { audioFileId };
      const evaluationId = evaluationIdOf(post.userId, target, time);
      const stored = await handleCommand(store, streams.evaluations(post.userId), evaluationDecider, { kind: 'evaluate', userId: post.userId, evaluationId, target, score, clientTime: time }, evaluationEventId);
      appended += stored.length;
      continue;
    }
    const log = UsageLogData.parse(post.data);
    const receivedAt = new Date(Math.min(post.sentAt, now.getTime()));
    const issues = checkClientTimes(log, now);
    if (issues.length > 0) throw new Error(`Generated an invalid post: ${JSON.stringify(issues)}`);
    const events = usageLogEvents(log, {
      userId: post.userId,
      sessionToken: 'generator',
      publicReport: false,
      receivedAt,
      correlationId: 'generator',
    });
    // One request per stream and flush: the store checks each request's stream version.
    const stream = streams.usage(post.userId);
    const request = pending.find((r) => r.stream === stream);
    if (request) request.events.push(...events);
    else pending.push({ stream, events });
    pendingPosts += 1;
    if (pendingPosts >= batchPosts) await flush();
  }
  await flush();
  return appended;
}
