import type { BatchContext, Touch } from './batch.ts';
import { activityEnds } from './derived-rows.ts';
import { deriveUserUsage } from './derivation/derive-user-usage.ts';
import type { CatalogueCategory, CatalogueFile, FileCatalogue, PlaySampleRow } from './derivation/types.ts';
import { DerivedRowsWriter } from './derived-rows-writer.ts';
import { loadLatestStarts, loadSessionSpans, loadWindows, type LoadedRows, type RawRows, type UserWindow } from './load.ts';
import { defaultTimeZone, type ReferenceData } from './reference.ts';
import { closeRegion, explicitAtLowerEdge, overlaps, widerWindowIfNeeded, type Span } from './windows.ts';

// Derivation rounds (windows.ts says why): ONE query per table loads every touched user's window,
// the pure derivation runs per user, and users whose affected region reaches the edge of their
// window go into the next round with a wider one. The rows of every round go out together.

/**
 * Derives the touched users again around what they touched and writes the rows that changed.
 * `fresh`: raw rows that may not be in the tables yet; `derivedBefore: false` when this version
 * has derived nothing yet (nothing old to replace).
 */
export async function deriveTouched(
  ctx: BatchContext,
  touched: Map<number, Touch>,
  version: string,
  due: readonly { userId: number; at: number }[],
  options: { fresh?: RawRows; derivedBefore?: boolean } = {},
): Promise<void> {
  const { fresh, derivedBefore = true } = options;
  const { warehouse, t, rules } = ctx;
  const gapMs = rules.maxPauseSeconds * 1000 + 1;
  const out = new DerivedRowsWriter(version);
  // Room beyond the core (itself touched +- maxPause) for a neighbour's own maxPause, and some slack.
  const marginMs = gapMs + 1000;
  const cores: UserWindow[] = [...touched].map(([userId, s]) => ({ userId, start: s.start - gapMs, end: s.end + gapMs }));
  // The catalogue of the batch's own samples is read beside the first load; rounds ask only for
  // what they load beyond it.
  const catalogue = catalogueReader(ctx.reference);
  void catalogue.prefetch(fresh?.samples ?? []);
  // Independent of each other: read side by side, each a round trip a live batch waits for.
  const [zones, stopStarts, known] = await Promise.all([
    ctx.reference.timeZones([...touched.keys()]),
    // A stop belongs to the latest start at or before it, however far back (DOMAIN.md section 3):
    // that start's session changes, so the window reaches back to it.
    loadLatestStarts(
      warehouse,
      t,
      new Map([...touched].flatMap(([userId, s]) => (s.earliestStop === null ? [] : [[userId, s.earliestStop] as const]))),
      fresh?.starts,
    ),
    // Sessions already derived around the touched instants may reach far: start the windows where
    // they start, so the first round usually suffices. Read from further back too: the explicit
    // sessions the first window's lower edge may fall among (below).
    derivedBefore ? loadSessionSpans(warehouse, t, cores.map((core) => ({ ...core, start: core.start - gapMs - marginMs }))) : Promise.resolve([]),
  ]);
  let windows = cores.map((core) => {
    const stopStart = stopStarts.get(core.userId);
    const from: Span = stopStart === undefined ? core : { start: Math.min(core.start, stopStart), end: core.end };
    const own = known.filter((s) => s.userId === core.userId);
    const reach = own.filter((s) => overlaps(s, core)).reduce<Span>((r, s) => ({ start: Math.min(r.start, s.start), end: Math.max(r.end, s.end) }), from);
    // An explicit session at the lower edge sends the user to a second round with a wider window
    // (below); start there at once. Sessions a unit starts and stops minutes apart did so on every
    // batch: 9 loads more on the way of every play to the report. Only the first window changes,
    // never the checks. Latest first: each widening may bring an earlier session to the edge.
    let start = reach.start - marginMs;
    for (const s of [...own].sort((a, b) => b.start - a.start)) {
      if (explicitAtLowerEdge(s, start, reach.start, gapMs)) start = s.start - marginMs;
    }
    return { ...core, start, end: reach.end + marginMs };
  });
  for (let round = 1; windows.length > 0; round++) {
    const rows = await loadWindows(warehouse, t, windows, fresh, derivedBefore);
    const byUser = groupByUser(rows);
    const files = await catalogue.of(rows.samples);
    const next: UserWindow[] = [];
    for (const window of windows) {
      const own = byUser(window.userId);
      const derived = deriveUserUsage(
        { userId: window.userId, now: ctx.now, samples: own.samples, sessionStarts: own.starts, sessionStops: own.stops, videoActions: own.videoActions, catalogue: files },
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
      const explicitAtEdge = own.oldSessions.filter((s) => explicitAtLowerEdge(s, window.start, region.start, gapMs));
      const wider = widerWindowIfNeeded(window, region, explicitAtEdge, gapMs, marginMs);
      if (wider && round < ctx.maxRounds) {
        next.push({ ...window, ...wider });
        continue;
      }
      out.replace(window.userId, region, derived, newSessions, own);
    }
    windows = next;
  }
  await out.write(ctx, due);
}

/**
 * The content library as the derivation of one batch sees it: read once per id within the batch
 * (never kept across batches, so a change to the library shows in the next batch as before), the
 * ids of the batch's own samples ahead of time, beside the first load.
 */
function catalogueReader(reference: ReferenceData) {
  const files = new Map<number, CatalogueFile>();
  const categories = new Map<number, CatalogueCategory>();
  const askedFiles = new Set<number>();
  const askedCategories = new Set<number>();
  let reading: Promise<void> = Promise.resolve();
  const read = (samples: readonly PlaySampleRow[]) => {
    const fileIds = [...new Set(samples.filter((s) => s.itemType === 'Audio' && !askedFiles.has(s.audioFileId)).map((s) => s.audioFileId))];
    const categoryIds = [...new Set(samples.flatMap((s) => (s.categoryId === null || askedCategories.has(s.categoryId) ? [] : [s.categoryId])))];
    for (const id of fileIds) askedFiles.add(id);
    for (const id of categoryIds) askedCategories.add(id);
    if (fileIds.length === 0 && categoryIds.length === 0) return reading;
    const more = reference.catalogue(fileIds, categoryIds).then((found) => {
      for (const [id, file] of found.files) files.set(id, file);
      for (const [id, category] of found.categories) categories.set(id, category);
    });
    reading = Promise.all([reading, more]).then(() => undefined);
    return reading;
  };
  return {
    /** Starts reading these samples' files and categories; a failure shows in `of`. */
    prefetch(samples: readonly PlaySampleRow[]): Promise<void> {
      return read(samples).catch(() => undefined);
    },
    /** The catalogue holding at least every file and category these samples name. */
    async of(samples: readonly PlaySampleRow[]): Promise<FileCatalogue> {
      await read(samples);
      return { files, categories };
    },
  };
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
