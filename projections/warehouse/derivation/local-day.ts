import { DateTime, IANAZone } from 'luxon';
import { validationError } from '../../../infra/errors.ts';

// Calendar days in the user's time zone (DOMAIN.md section 3). A local day is not 24 hours: in
// Europe/Helsinki 2026-03-29 lasts 23 h and 2026-10-25 lasts 25 h (03:00-04:00 local happens
// twice), so days are always computed by the zone's rules, never by adding 86 400 s.

// Checking a zone builds an Intl formatter (~µs x 100): the derivation checks once per user and batch.
const validZones = new Set<string>();

export function assertTimeZone(zone: string): void {
  if (validZones.has(zone)) return;
  if (IANAZone.isValidZone(zone)) validZones.add(zone);
  else {
    throw validationError([{ path: 'timeZone', message: `Unknown time zone '${zone}'` }]);
  }
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function localDay(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd');
}

/** 'HH:mm:ss' wall time of an instant in a zone. */
export function localTime(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('HH:mm:ss');
}

/** The instants [start, end) of a local day; end - start is 23, 24 or 25 hours around DST. */
export function dayBounds(day: string, zone: string): { start: number; end: number } {
  const first = DateTime.fromISO(day, { zone }).startOf('day');
  if (!first.isValid) throw validationError([{ path: 'day', message: `Invalid day '${day}'` }]);
  return { start: first.toMillis(), end: first.plus({ days: 1 }).startOf('day').toMillis() };
}

/** Every local day touched by the instants [startMs, endMs] (both inclusive), in order. */
export function daysOfRange(startMs: number, endMs: number, zone: string): string[] {
  const days: string[] = [];
  let cursor = DateTime.fromMillis(startMs, { zone }).startOf('day');
  while (cursor.toMillis() <= endMs) {
    days.push(cursor.toFormat('yyyy-MM-dd'));
    cursor = cursor.plus({ days: 1 }).startOf('day');
  }
  return days;
}

/**
 * localDay and localTime for hot loops: luxon takes ~50 us a call (Intl), so the zone offset is
 * looked up once per UTC quarter hour. Exact for every zone in current use: offsets and transition
 * instants are whole quarter hours in UTC. The offsets of a zone are kept across calls (the
 * projector derives thousands of users a batch); a bounded cache, emptied when it grows large.
 */
const zoneOffsets = new Map<string, Map<number, number>>();
const maxOffsetsPerZone = 500_000;

export function localClock(zone: string): { day: (ms: number) => string; time: (ms: number) => string } {
  const quarter = 15 * 60 * 1000;
  let offsets = zoneOffsets.get(zone);
  if (!offsets || offsets.size > maxOffsetsPerZone) zoneOffsets.set(zone, (offsets = new Map()));
  const shifted = (ms: number) => {
    const key = Math.floor(ms / quarter);
    let offsetMs = offsets.get(key);
    if (offsetMs === undefined) {
      offsetMs = DateTime.fromMillis(key * quarter, { zone }).offset * 60_000;
      offsets.set(key, offsetMs);
    }
    return new Date(ms + offsetMs).toISOString();
  };
  return { day: (ms) => shifted(ms).slice(0, 10), time: (ms) => shifted(ms).slice(11, 19) };
}
