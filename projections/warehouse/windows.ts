// Which part of a user's history a batch must derive again, and which derived rows it replaces.
//
// A batch touches instants (client times of new samples, video actions, session starts and stops).
// Those can only change sessions, plays and views that lie within maxPauseSeconds of them, or that
// overlap something that does (a merge chains on). So, per user:
// 1. core: the touched instants, widened by maxPause (the gap that still joins two plays);
// 2. load the raw rows and the previously derived spans in [lo, hi] = core widened by a margin;
// 3. derive, then close the region: grow it by every span, old or new, that overlaps it, until
//    nothing overlapping sticks out. Inside that region the new output replaces the old rows; the
//    old rows the new output no longer has get tombstones. Outside it nothing changed.
// 4. The region must stay clear of the load edges by maxPause (rows beyond the edges could have
//    joined it), and no old explicit session may span the lower edge (its start, outside, owns
//    plays inside); otherwise the window is widened and the user derived again.
// 5. Session starts and stops reach further (DOMAIN.md section 3: a stop belongs to the latest start
//    at or before it, however far back): a stop's window starts at that start (window-rounds.ts),
//    and every window loads its first stop beyond its end (load.ts), which ends the window's last
//    session unless a start comes first. The region then grows over the session as in 3.

export interface Span {
  start: number;
  /** the last instant the span covers (a session's end, or its last play's end while open) */
  end: number;
}

export const overlaps = (a: Span, b: Span) => a.start <= b.end && a.end >= b.start;

/** The smallest span containing `core` and every span that overlaps it, transitively. */
export function closeRegion(core: Span, spans: readonly Span[]): Span {
  let region = { ...core };
  for (let grown = true; grown; ) {
    grown = false;
    for (const s of spans) {
      if (overlaps(s, region) && (s.start < region.start || s.end > region.end)) {
        region = { start: Math.min(region.start, s.start), end: Math.max(region.end, s.end) };
        grown = true;
      }
    }
  }
  return region;
}

/**
 * An explicit session near a window's lower edge that reaches the derived region: its start,
 * outside or close to the edge, may own plays inside, so the window must start below it
 * (harmless once the session ends well before the region).
 */
export const explicitAtLowerEdge = (s: Span & { kind?: string }, windowStart: number, regionStart: number, gapMs: number) =>
  s.kind === 'explicit' && s.start < windowStart + gapMs && s.end + gapMs >= regionStart;

/**
 * null when the region is safely inside the loaded window; otherwise the wider window to load.
 * `gapMs` is maxPause + 1 ms, `marginMs` how far beyond the region to load next time.
 */
export function widerWindowIfNeeded(
  window: Span,
  region: Span,
  explicitSpansAtLowerEdge: readonly Span[],
  gapMs: number,
  marginMs: number,
): Span | null {
  let lo = window.start;
  let hi = window.end;
  if (region.start - gapMs < window.start) lo = Math.min(lo, region.start - marginMs);
  if (region.end + gapMs > window.end) hi = Math.max(hi, region.end + marginMs);
  for (const s of explicitSpansAtLowerEdge) if (s.start < window.start + gapMs) lo = Math.min(lo, s.start - marginMs);
  return lo === window.start && hi === window.end ? null : { start: lo, end: hi };
}
