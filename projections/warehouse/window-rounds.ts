import type { BatchContext, Touch } from './batch.ts';
import { activityEnds } from './derived-rows.ts';
import { deriveUserUsage } from './derivation/derive-user-usage.ts';
import { DerivedRowsWriter } from './derived-rows-writer.ts';
import { loadLatestStarts, loadSessionSpans, loadWindows, type LoadedRows, type RawRows, type UserWindow } from './load.ts';
import { defaultTimeZone } from './reference.ts';
import { closeRegion, widerWindowIfNeeded, type Span } from './windows.ts';

// Derivation rounds (windows.ts says why): ONE query per table loads every touched user's window,
// the pure derivation runs per user, and users whose affected region reaches the edge of their
// window go into the next round with a wider one. The rows of every round go out together.

/**
 * Derives the touched users again around what they touched and writes the rows that changed.
 * `fresh`: raw rows not in the tables yet; `loaded` is called once the first round has read the
 * tables; `derivedBefore: false` when this version has derived nothing yet (nothing old to replace).
 */
export async function deriveTouched(
  ctx: BatchContext,
  touched: Map<number, Touch>,
  version: string,
  due: readonly { userId: number; at: number }[],
  options: { fresh?: RawRows; loaded?: () => Promise<void>; derivedBefore?: boolean } = {},
): Promise<void> {
  const { fresh, loaded, derivedBefore = true } = options;
  const { warehouse, t, rules } = ctx;
  const gapMs = rules.maxPauseSeconds * 1000 + 1;
  const zones = await ctx.reference.timeZones([...touched.keys()]);
  const out = new DerivedRowsWriter(version);
  // Room beyond the core (itself touched +- maxPause) for a neighbour's own maxPause, and some slack.
  const marginMs = gapMs + 1000;
  const cores: UserWindow[] = [...touched].map(([userId, s]) => ({ userId, start: s.start - gapMs, end: s.end + gapMs }));
  // A stop belongs to the latest start at or before it, however far back (DOMAIN.md section 3):
  // that start's session changes, so the window reaches back to it.
  const stopStarts = await loadLatestStarts(
    warehouse,
    t,
    new Map([...touched].flatMap(([userId, s]) => (s.earliestStop === null ? [] : [[userId, s.earliestStop] as const]))),
    fresh?.starts,
  );
  // Sessions already derived around the touched instants may reach far: start the windows where
  // they start, so the first round usually suffices.
  const known = derivedBefore ? await loadSessionSpans(warehouse, t, cores) : [];
  let windows = cores.map((core) => {
    const stopStart = stopStarts.get(core.userId);
    const from: Span = stopStart === undefined ? core : { start: Math.min(core.start, stopStart), end: core.end };
    const reach = known.filter((s) => s.userId === core.userId).reduce<Span>((r, s) => ({ start: Math.min(r.start, s.start), end: Math.max(r.end, s.end) }), from);
    return { ...core, start: reach.start - marginMs, end: reach.end + marginMs };
  });
  for (let round = 1; windows.length > 0; round++) {
    const rows = await loadWindows(warehouse, t, windows, fresh, derivedBefore);
    // Written while the derivation runs (ClickHouse on its threads, the derivation on this one).
    void loaded?.().catch(() => undefined);
    const byUser = groupByUser(rows);
    const catalogue = await ctx.reference.catalogue(
      [...new Set(rows.samples.filter((s) => s.itemType === 'Audio').map((s) => s.audioFileId))],
      [...new Set(rows.samples.flatMap((s) => (s.categoryId === null ? [] : [s.categoryId])))],
    );
    const next: UserWindow[] = [];
    for (const window of windows) {
      const own = byUser(window.userId);
      const derived = deriveUserUsage(
        { userId: window.userId, now: ctx.now, samples: own.samples, sessionStarts: own.starts, sessionStops: own.stops, videoActions: own.videoActions, catalogue },
        rules,
        zones.get(window.userId) ?? defaultTimeZone,
      );
      const touchedSpan = touched.get(window.userId)!;
      const core = { start: touchedSpan.start - gapMs, end: touchedSpan.end + gapMs };
      const ends = activityEnds(derived.sessions, derived.plays);
      const newSessions = derived.sessions.map((s) => ({ session: s, span: { start: s.start, end: ends.get(s.sessionId)! } }));
      const region = closeRegion(
        core,
        [...newSessions.map((s) => s.span), ...own.oldSessions, ...own.oldPlays, ...own.oldViews, ...derived.videoViews],
      );
      // An explicit session whose start lies outside owns plays inside; harmless once it ends well before the region.
      const explicitAtEdge = own.oldSessions.filter((s) => s.kind === 'explicit' && s.start < window.start + gapMs && s.end + gapMs >= region.start);
      const wider = widerWindowIfNeeded(window, region, explicitAtEdge, gapMs, marginMs);
      if (wider && round < ctx.maxRounds) {
        next.push({ ...window, ...wider });
        continue;
      }
      out.replace(window.userId, region, derived, newSessions, own);
    }
    windows = next;
  }
  await loaded?.();
  await out.write(ctx, due);
}

function groupByUser(loaded: LoadedRows) {
  const index = <T extends { userId: number }>(rows: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const list = map.get(row.userId);
      if (list) list.push(row);
      else map.set(row.userId, [row]);
    }
    return (userId: number) => map.get(userId) ?? [];
  };
  const samples = index(loaded.samples);
  const videoActions = index(loaded.videoActions);
  const starts = index(loaded.starts);
  const stops = index(loaded.stops);
  const oldSessions = index(loaded.oldSessions);
  const oldPlays = index(loaded.oldPlays);
  const oldViews = index(loaded.oldViews);
  return (userId: number) => ({
    samples: samples(userId),
    videoActions: videoActions(userId),
    starts: starts(userId),
    stops: stops(userId),
    oldSessions: oldSessions(userId),
    oldPlays: oldPlays(userId),
    oldViews: oldViews(userId),
  });
}
