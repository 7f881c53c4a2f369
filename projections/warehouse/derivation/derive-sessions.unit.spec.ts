import { describe, expect, it } from 'vitest';
import { at, derive, iso, listen, started, stopped } from '../../../tests/support/derivation-fixtures.ts';

// Explicit-session edge cases. Times are UTC; Helsinki is UTC+3 in May.

const summary = (s: ReturnType<typeof derive>['sessions'][number]) => ({
  kind: s.kind,
  start: iso(s.start),
  end: iso(s.end),
  length: s.length,
  closedBy: s.closedBy,
  playCount: s.playCount,
  short: s.short,
});

describe('explicit sessions', () => {
  it('ties a stop to the latest start at or before it, whatever session id it carries', () => {
    // Starts a 13:00 and b 14:00; a stop at 14:10 naming a (an older client wrote the session open
    // when it arrived): by client time it is b's, 14:00-14:10 = 600 s. a has no play and is not open
    // at 14:00 (60 min > 15 min): no end. A stop at 12:00, before any start: ignored.
    const result = derive({
      sessionStarts: [started('2026-05-04T13:00:00Z', 'a'), started('2026-05-04T14:00:00Z', 'b')],
      sessionStops: [stopped('2026-05-04T14:10:00Z', 'a'), stopped('2026-05-04T12:00:00Z', null)],
    });
    expect(result.sessions.map((s) => [s.sessionId, s.closedBy, s.length])).toEqual([
      ['a', null, null],
      ['b', 'stop', 600],
    ]);
  });

  it('gives a stop at the very instant of a start to that start', () => {
    // a 13:00; b 13:10 and a stop at 13:10: the stop is b's (at or before), b lasts 0 s (short);
    // a, open at 13:10 (10 min <= 15 min), ends at b's start: 600 s, closedBy nextSession.
    const result = derive({
      sessionStarts: [started('2026-05-04T13:00:00Z', 'a'), started('2026-05-04T13:10:00Z', 'b')],
      sessionStops: [stopped('2026-05-04T13:10:00Z', null)],
    });
    expect(result.sessions.map((s) => [s.sessionId, s.closedBy, s.length, s.short])).toEqual([
      ['a', 'nextSession', 600, false],
      ['b', 'stop', 0, true],
    ]);
  });

  const play1301 = listen('2026-05-04T13:01:00Z', 1, 180); // 13:01:00-13:04:00, 180 s

  it('ends at its last play once maxPauseSeconds pass without a play (idle), judged at `now`', () => {
    // now 16:00: 13:04 + 900 s = 13:19 has passed -> end 13:04:00, length 13:00-13:04 = 240 s.
    const later = derive({ sessionStarts: [started('2026-05-04T13:00:00Z', 'a')], samples: play1301, now: '2026-05-04T16:00:00Z' });
    expect(later.sessions.map(summary)).toEqual([
      { kind: 'explicit', start: '2026-05-04T13:00:00.000Z', end: '2026-05-04T13:04:00.000Z', length: 240, closedBy: 'idle', playCount: 1, short: false },
    ]);
    expect(later.recheckAt).toBeNull();
    // now 13:10: still open -> no end, hidden (short), and the projector must look again just after 13:19:00.
    const open = derive({ sessionStarts: [started('2026-05-04T13:00:00Z', 'a')], samples: play1301, now: '2026-05-04T13:10:00Z' });
    expect(open.sessions.map(summary)).toEqual([
      { kind: 'explicit', start: '2026-05-04T13:00:00.000Z', end: null, length: null, closedBy: null, playCount: 1, short: true },
    ]);
    expect(open.recheckAt).toBe(at('2026-05-04T13:19:00Z') + 1);
  });

  it('leaves plays after the idle end to an implicit session', () => {
    // The 13:30 play starts 26 min after 13:04 (> 15 min): not the explicit session's, and continuous music.
    const result = derive({ sessionStarts: [started('2026-05-04T13:00:00Z', 'a')], samples: [...play1301, ...listen('2026-05-04T13:30:00Z', 1, 60)] });
    expect(result.sessions.map((s) => [s.kind, s.closedBy, s.length])).toEqual([
      ['explicit', 'idle', 240],
      ['implicit', 'implicit', 60],
    ]);
    expect(result.plays.map((p) => p.usageType)).toEqual(['GuidedUsage', 'ContinuousMusic']);
  });

  it('has no end with no play and no stop, and one with a stop even without plays', () => {
    const none = derive({ sessionStarts: [started('2026-05-04T13:00:00Z', 'a')] });
    expect(none.sessions.map(summary)).toEqual([
      { kind: 'explicit', start: '2026-05-04T13:00:00.000Z', end: null, length: null, closedBy: null, playCount: 0, short: true },
    ]);
    expect(none.recheckAt).toBeNull();
    // Stopped at 13:25 -> 1500 s, counted although nothing played (the residents did something together).
    const stoppedOnly = derive({ sessionStarts: [started('2026-05-04T13:00:00Z', 'a')], sessionStops: [stopped('2026-05-04T13:25:00Z', 'a')] });
    expect(stoppedOnly.sessions.map((s) => [s.closedBy, s.length, s.short])).toEqual([['stop', 1500, false]]);
  });

  it('owns every play starting before the stop, however long the pauses', () => {
    // Plays at 13:01 and 13:40 (36 min apart); stopped at 13:45 -> one session of 2700 s owning both.
    const result = derive({
      sessionStarts: [started('2026-05-04T13:00:00Z', 'a')],
      sessionStops: [stopped('2026-05-04T13:45:00Z', 'a')],
      samples: [...play1301, ...listen('2026-05-04T13:40:00Z', 4, 120)],
    });
    expect(result.sessions.map(summary)).toEqual([
      { kind: 'explicit', start: '2026-05-04T13:00:00.000Z', end: '2026-05-04T13:45:00.000Z', length: 2700, closedBy: 'stop', playCount: 2, short: false },
    ]);
    // Pause before the second play: 13:40:00 - 13:04:00 = 2160 s.
    expect(result.plays.map((p) => p.pauseBefore)).toEqual([0, 2160]);
  });

  it('closes the latest session started before a stop without a session id', () => {
    const result = derive({
      sessionStarts: [started('2026-05-04T13:00:00Z', 'a'), started('2026-05-04T14:00:00Z', 'b')],
      sessionStops: [stopped('2026-05-04T13:30:00Z', 'a'), stopped('2026-05-04T14:20:00Z', null)],
    });
    expect(result.sessions.map((s) => [s.sessionId, s.closedBy, s.length])).toEqual([
      ['a', 'stop', 1800],
      ['b', 'stop', 1200],
    ]);
  });

  it('ends an unstopped session when the next one starts, and ignores a repeated start and a repeated stop', () => {
    // a: 13:00, play 13:01-13:04, b starts 13:10 (6 min after the play: not idle) -> a ends 13:10, 600 s.
    const result = derive({
      sessionStarts: [started('2026-05-04T13:00:00Z', 'a'), started('2026-05-04T13:00:00Z', 'a'), started('2026-05-04T13:10:00Z', 'b')],
      sessionStops: [stopped('2026-05-04T13:30:00Z', 'b'), stopped('2026-05-04T13:30:00Z', 'b'), stopped('2026-05-04T13:35:00Z', 'b')],
      samples: play1301,
    });
    expect(result.sessions.map((s) => [s.sessionId, s.closedBy, s.length, s.playCount])).toEqual([
      ['a', 'nextSession', 600, 1],
      ['b', 'stop', 1200, 0],
    ]);
  });

  it('does not let an implicit session span an explicit one', () => {
    // Implicit play 12:50-12:53, explicit 12:55-13:00 (stopped), implicit play 13:02-13:03: gaps are
    // short, but the visit before and after the explicit session are separate implicit sessions.
    const result = derive({
      sessionStarts: [started('2026-05-04T12:55:00Z', 'a')],
      sessionStops: [stopped('2026-05-04T13:00:00Z', 'a')],
      samples: [...listen('2026-05-04T12:50:00Z', 1, 180), ...listen('2026-05-04T13:02:00Z', 4, 60)],
    });
    expect(result.sessions.map((s) => [s.kind, iso(s.start), s.length])).toEqual([
      ['implicit', '2026-05-04T12:50:00.000Z', 180],
      ['explicit', '2026-05-04T12:55:00.000Z', 300],
      ['implicit', '2026-05-04T13:02:00.000Z', 60],
    ]);
  });
});
