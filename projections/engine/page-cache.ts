import { comparePositions, type GlobalLog, type LogPosition, type RecordedEvent } from '../../infra/event-store/event-store.ts';

/**
 * Pages of the log, shared by the projectors of one runner.
 *
 * Full pages: during catch-up the projectors read the same positions, and a full page below the
 * readable end never changes, so one read serves them all (kept by where and how much they read).
 *
 * The tail: live, every projector follows the end of the log from its own checkpoint, each a little
 * behind or ahead of the others, and each read its own copy of the newest events (a query and a
 * JSON.parse per event per projector: some twenty parses of every usage sample at 5,000 samples/s).
 * A short page (one that reached the readable end) is kept for a while, and a read from a position
 * inside it gets the rest of it (and of the pages read after it) without asking the log. That is
 * exact: below the readable end the log is final in (transaction id, sequence) order
 * (ARCHITECTURE.md "The log never skips an event"), so the events after that position up to the
 * page's last are all there are. The answer
 * ends where the kept pages end, short as they were, so the reader treats it as the end of the log
 * as it was a moment ago and reads again after applying it; a read from there goes to the log.
 *
 * Reads at one position share one query where the first asked for as many events or more: the
 * usage warehouse asks for up to 50,000 where a read model asks for 1,000, and live both follow
 * the same end of the log (two queries per append on PGlite's one thread, each a millisecond or
 * two of a tap). The runner wakes its larger readers first, so theirs is the read in flight.
 *
 * The end of the log: where a read sees every commit (PGlite), a short answer of the log itself,
 * read after the last append this runner was told of (`appended`), is the end as it stands: any
 * later append still has its notice to come, which wakes the reader. `provesEnd` says so, and the
 * reader then waits for that notice instead of reading again to find nothing (two more queries per
 * append). On a Postgres server a commit may be held back by an older transaction that ends
 * without a notice, so readers there read again as before.
 */
export function createPageCache(log: GlobalLog, keep = 4, tailEvents = 20_000, tailPages = 64) {
  /** Reads by position, in flight or full (a full page below the readable end never changes). */
  const pages = new Map<string, { limit: number; page: Promise<RecordedEvent[]> }>();
  /** Short pages, newest last. */
  const tail: { after: LogPosition; events: RecordedEvent[] }[] = [];
  /** Appends this runner was told of; each answer of the log notes the count its read began at. */
  let notices = 0;
  const readAfter = new WeakMap<readonly RecordedEvent[], number>();

  /**
   * The events after `after` as far as the kept short pages reach, or undefined. Pages are exact
   * ranges of a final log, read by projectors from their own checkpoints: overlapping or touching
   * ones are stitched, so a reader gets all the tail others read (one page alone might hold only
   * the few events one projector read last, and the usage warehouse would then derive a batch of
   * a few events, its fixed cost per batch for a fraction of the load).
   */
  function fromTail(after: LogPosition, limit: number): RecordedEvent[] | undefined {
    const found: RecordedEvent[] = [];
    let end = after;
    for (let extended = true; extended && found.length < limit; ) {
      extended = false;
      for (const page of tail) {
        const last = page.events.at(-1)!.position;
        if (comparePositions(page.after, end) > 0 || comparePositions(end, last) >= 0) continue;
        const start = page.events.findIndex((e) => comparePositions(e.position, end) > 0);
        for (let k = start; k < page.events.length && found.length < limit; k++) found.push(page.events[k]!);
        end = found.at(-1)!.position;
        extended = true;
      }
    }
    return found.length > 0 ? found : undefined;
  }

  /** Reads the log, keeping a full page by position and a short one as the tail. */
  function fromLog(after: LogPosition, limit: number, key: string): Promise<RecordedEvent[]> {
    const began = notices;
    const page = log.readAll(after, limit).then((events) => (readAfter.set(events, began), events));
    pages.set(key, { limit, page });
    while (pages.size > keep) pages.delete(pages.keys().next().value!);
    page.then(
      (events) => {
        if (events.length >= limit) return;
        // More events may follow a short page: it is not kept by position, only as the tail.
        if (pages.get(key)?.page === page) pages.delete(key);
        // Bounded by events, not pages: a short page at the end of a catch-up may be large.
        if (events.length === 0 || events.length > tailEvents) return;
        tail.push({ after, events });
        if (tail.length > tailPages) tail.shift();
        let kept = 0;
        for (let i = tail.length - 1; i >= 0; i--) {
          kept += tail[i]!.events.length;
          if (kept > tailEvents) {
            tail.splice(0, i + 1);
            break;
          }
        }
      },
      () => pages.get(key)?.page === page && pages.delete(key),
    );
    return page;
  }

  /** A shared read's answer cut to `limit`, still an answer of the log read when it was. */
  const cut = (events: RecordedEvent[], limit: number): RecordedEvent[] => {
    if (events.length <= limit) return events;
    const part = events.slice(0, limit);
    readAfter.set(part, readAfter.get(events)!);
    return part;
  };

  return {
    async read(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
      const key = `${after.tx}/${after.seq}`;
      // A read of as many or more answers a smaller one. A smaller one is not waited for: it may
      // come back full, and the larger read would then start only after it.
      const shared = pages.get(key);
      if (shared && shared.limit >= limit) {
        const events = await shared.page.catch(() => undefined);
        if (events) return cut(events, limit);
      }
      return fromTail(after, limit) ?? fromLog(after, limit, key);
    },
    /** Called for each append this runner is told of, before its readers are woken. */
    appended(): void {
      notices += 1;
    },
    /** Whether `events`, read with `limit`, is the readable end of the log with no append told of since. */
    provesEnd(events: readonly RecordedEvent[], limit: number): boolean {
      return log.readsEveryCommit === true && events.length < limit && readAfter.get(events) === notices;
    },
  };
}
