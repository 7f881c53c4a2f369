import { describe, expect, it } from 'vitest';
import { defaultUsageRules, type UsageRules } from '../../../schemas/events/usage-rules.ts';
import { at, derive, iso, listen, sample, started, stopped, type Scenario } from '../../../tests/support/derivation-fixtures.ts';
import { dayBounds } from './local-day.ts';
import type { Session } from './types.ts';

// Golden scenarios of usage rules v1 (DOMAIN.md section 3), figures worked out by hand beside each.
// Times are written in UTC; the Helsinki wall time is in the comments (UTC+3 in summer, +2 in winter).
// `listen(start, file, s)` is an uninterrupted play of s seconds from position 0. Files (fixtures):
// 1 music 180 s 'Music'; 2 program 600 s, best category 'Sing Along' -> SingAlong; 3 music 240 s
// 'Video' -> Theme; 4 program 1200 s 'News'; category 50 'Exercise'.

const counted = (sessions: Session[]) => sessions.filter((s) => !s.short);
const totalUsage = (sessions: Session[]) => counted(sessions).reduce((sum, s) => sum + s.length!, 0);

describe('deriveUserUsage: golden scenarios', () => {
  it('marks a session under 20 s short, and one of exactly 20 s not', () => {
    // 09:00:00 pos 0, :06 pos 6, :12 pos 12 -> 12 s < 20: short. 11:00:00-11:00:20 -> 20 s: counted.
    const result = derive({ samples: [...listen('2026-05-04T09:00:00Z', 1, 12, {}, 6), ...listen('2026-05-04T11:00:00Z', 1, 20, {}, 5)] });
    expect(result.sessions.map((s) => [s.length, s.short])).toEqual([
      [12, true],
      [20, false],
    ]);
    expect(totalUsage(result.sessions)).toBe(20);
  });

  it('splits a session at a 16-minute pause but not at a 14-minute one', () => {
    const musicAt0900 = listen('2026-05-04T09:00:00Z', 1, 180); // 09:00:00-09:03:00, 180 s
    // Program at 09:19:00: 16 min after 09:03:00 > 15 min -> two sessions of 180 s and 120 s.
    const split = derive({ samples: [...musicAt0900, ...listen('2026-05-04T09:19:00Z', 4, 120)] });
    expect(split.sessions.map((s) => [iso(s.start), s.length, s.playCount])).toEqual([
      ['2026-05-04T09:00:00.000Z', 180, 1],
      ['2026-05-04T09:19:00.000Z', 120, 1],
    ]);
    // Program at 09:17:00: 14 min -> one session 09:00:00-09:19:00 = 1140 s; pause before it 840 s;
    // 180 s continuous music + 120 s continuous programs.
    const kept = derive({ samples: [...musicAt0900, ...listen('2026-05-04T09:17:00Z', 4, 120)] });
    expect(kept.sessions).toHaveLength(1);
    expect(kept.sessions[0]).toMatchObject({ kind: 'implicit', closedBy: 'implicit', length: 1140, playCount: 2, continuousMusicSeconds: 180, continuousProgramsSeconds: 120, guidedSeconds: 0 });
    expect(kept.plays.map((p) => p.pauseBefore)).toEqual([0, 840]);
  });

  it('lets an explicit session with residents own its plays as guided usage', () => {
    // Started 10:00 with residents 7, 3, 7 (listed once, sorted), activity 2, outdoors; music
    // 10:01-10:04 (180 s) and a program 10:05-10:15 (600 s), neither started by hand; stopped 10:20
    // -> 1200 s, 780 s guided, pauses 0 and 60 s. The 10:25 play (60 s) is after the stop: implicit.
    const result = derive({
      sessionStarts: [started('2026-05-04T10:00:00Z', 'b7a4c2de-0000-4000-8000-000000000001', [7, 3, 7], [2], true)],
      sessionStops: [stopped('2026-05-04T10:20:00Z', 'b7a4c2de-0000-4000-8000-000000000001')],
      samples: [...listen('2026-05-04T10:01:00Z', 1, 180), ...listen('2026-05-04T10:05:00Z', 4, 600), ...listen('2026-05-04T10:25:00Z', 1, 60)],
    });
    const [explicit, implicit] = result.sessions;
    expect(explicit).toEqual({
      userId: 42,
      sessionId: 'b7a4c2de-0000-4000-8000-000000000001',
      kind: 'explicit',
      day: '2026-05-04',
      start: Date.parse('2026-05-04T10:00:00Z'),
      end: Date.parse('2026-05-04T10:20:00Z'),
      length: 1200,
      closedBy: 'stop',
      residentIds: [3, 7],
      activityIds: [2],
      outdoors: true,
      short: false,
      playCount: 2,
      guidedSeconds: 780,
      continuousMusicSeconds: 0,
      continuousProgramsSeconds: 0,
      otherSeconds: 0,
    });
    expect(implicit).toMatchObject({ kind: 'implicit', length: 60, residentIds: [], continuousMusicSeconds: 60, short: false });
    expect(result.plays.map((p) => [p.sessionId === explicit!.sessionId, p.usageType, p.contentType, p.pauseBefore, p.possibleLength])).toEqual([
      [true, 'GuidedUsage', 'Music', 0, 180],
      [true, 'GuidedUsage', 'News', 60, 1200],
      [false, 'ContinuousMusic', 'Music', 0, 180],
    ]);
  });
  it('counts a play in each later session when a person starts the file again, and one looping play when nobody does', () => {
    // The lag bench's probe (tests/bench/lag.bench.ts): sessions 150 s apart, each started,
    // stopped 90 s later, with file 1 played from 0 to 60 s from 5 s after the start (a sample
    // every 5 s). The gap between one session's last sample and the next one's first is 90 s,
    // under maxPause, so without manualStart the restart at 0 is a loop of the same play
    // (section 3): one play of 180 s, owned by the first session; the later sessions are counted
    // (90 s each) but hold no play. Started by a tap (manualStart, as the player sends from
    // Favorites), the return to 0 begins a new play: one of 60 s in each session.
    const ids = ['b7a4c2de-0000-4000-8000-000000000011', 'b7a4c2de-0000-4000-8000-000000000012', 'b7a4c2de-0000-4000-8000-000000000013'];
    const starts = ['2026-05-04T10:00:00Z', '2026-05-04T10:02:30Z', '2026-05-04T10:05:00Z'];
    const probe = (manual: boolean): Scenario => ({
      sessionStarts: starts.map((start, i) => started(start, ids[i]!)),
      sessionStops: starts.map((start) => stopped(new Date(at(start) + 90_000).toISOString(), null)),
      samples: starts.flatMap((start) => listen(new Date(at(start) + 5_000).toISOString(), 1, 60, { source: 'Favorites', manual }, 5)),
    });
    const looped = derive(probe(false));
    expect(looped.plays.map((p) => [p.sessionId, p.length])).toEqual([[ids[0], 180]]);
    expect(looped.sessions.map((s) => [s.sessionId, s.length, s.short, s.playCount])).toEqual(ids.map((id, i) => [id, 90, false, i === 0 ? 1 : 0]));

    const tapped = derive(probe(true));
    expect(tapped.plays.map((p) => [p.sessionId, p.length, p.usageType])).toEqual(ids.map((id) => [id, 60, 'GuidedUsage']));
    expect(tapped.sessions.map((s) => [s.sessionId, s.playCount, s.guidedSeconds])).toEqual(ids.map((id) => [id, 1, 60]));
  });


  describe('usage types and the guided breakdown', () => {
    // One implicit session of eight 60 s plays, 10 s apart, 12:00:00-12:09:10 (550 s).
    const scenario: Scenario = {
      samples: [
        ...listen('2026-05-04T12:00:00Z', 2, 60, { manual: true, source: 'Search' }), // guided, best category 21 'Sing Along' -> SingAlong
        ...listen('2026-05-04T12:01:10Z', 1, 60), // music piece, not by hand -> ContinuousMusic
        ...listen('2026-05-04T12:02:20Z', 4, 60, { source: 'MusicChannel' }), // program, not by hand -> ContinuousPrograms
        ...listen('2026-05-04T12:03:30Z', 5, 60, { itemType: 'Message', manual: false }), // a message -> OtherUsage
        ...listen('2026-05-04T12:04:40Z', 99, 60), // audio file unknown to the library -> OtherUsage
        ...listen('2026-05-04T12:05:50Z', 1, 60, { manual: true }), // by hand but no source -> ContinuousMusic
        ...listen('2026-05-04T12:07:00Z', 3, 60, { manual: true, source: 'Favorites', categoryId: 50 }), // guided, sample's category Exercise
        ...listen('2026-05-04T12:08:10Z', 3, 60, { manual: true, source: 'Recipe' }), // restart by hand of file 3: guided, Video -> Theme
      ],
    };

    it('classifies each play and sums the session per usage type', () => {
      const result = derive(scenario);
      expect(result.plays.map((p) => [p.usageType, p.categoryId, p.contentType, p.fileType])).toEqual([
        ['GuidedUsage', 21, 'SingAlong', 'AudioProgram'],
        ['ContinuousMusic', 10, 'Music', 'MusicPiece'],
        ['ContinuousPrograms', 40, 'News', 'AudioProgram'],
        ['OtherUsage', null, null, null],
        ['OtherUsage', null, null, null],
        ['ContinuousMusic', 10, 'Music', 'MusicPiece'],
        ['GuidedUsage', 50, 'Exercise', 'MusicPiece'],
        ['GuidedUsage', 30, 'Theme', 'MusicPiece'],
      ]);
      // guided 3 x 60, music 2 x 60, programs 60, other 2 x 60; session 550 s.
      expect(result.sessions).toHaveLength(1);
      expect(result.sessions[0]).toMatchObject({ length: 550, playCount: 8, guidedSeconds: 180, continuousMusicSeconds: 120, continuousProgramsSeconds: 60, otherSeconds: 120 });
      // Guided breakdown by content type: SingAlong 60, Exercise 60, Theme 60.
      const guided: Record<string, number> = {};
      for (const p of result.plays) if (p.usageType === 'GuidedUsage') guided[p.contentType!] = (guided[p.contentType!] ?? 0) + p.length;
      expect(guided).toEqual({ SingAlong: 60, Exercise: 60, Theme: 60 });
    });

    it('follows the rules data: without Search among guidedSources the search play is a continuous program', () => {
      const rules: UsageRules = { ...defaultUsageRules, guidedSources: ['Recipe', 'Favorites'], contentTypeMerge: {} };
      const [first, ...rest] = derive(scenario, rules).plays;
      expect([first!.usageType, first!.contentType]).toEqual(['ContinuousPrograms', 'Sing Along']);
      expect(rest.at(-1)!.contentType).toBe('Video');
    });
  });

  it('counts seeking forward at most the wall time and seeking back as nothing, in the play and its session', () => {
    // 0 @0s, 10 @10s (+10), 100 @20s (+min(90,10)=10), 30 @30s (+0), 40 @40s (+10): 30 s of a 40 s span.
    const result = derive({
      samples: [
        sample('2026-05-04T09:00:00Z', 1, 0),
        sample('2026-05-04T09:00:10Z', 1, 10),
        sample('2026-05-04T09:00:20Z', 1, 100),
        sample('2026-05-04T09:00:30Z', 1, 30),
        sample('2026-05-04T09:00:40Z', 1, 40),
      ],
    });
    expect(result.plays.map((p) => [p.length, p.pauseInside])).toEqual([[30, 10]]);
    expect(result.sessions.map((s) => [s.length, s.continuousMusicSeconds])).toEqual([[40, 30]]);
  });

  it('puts a session across midnight in Helsinki on the day it started', () => {
    // Program 23:50-00:00 local (20:50Z-21:00Z), music 00:05-00:08 local on 5 May (5 min later):
    // one session of 18 min = 1080 s on 4 May; the second play happens on 5 May.
    const result = derive({ samples: [...listen('2026-05-04T20:50:00Z', 4, 600), ...listen('2026-05-04T21:05:00Z', 1, 180)] });
    expect(result.sessions.map((s) => [s.day, s.length])).toEqual([['2026-05-04', 1080]]);
    expect(result.plays.map((p) => [p.day, p.sessionDay])).toEqual([
      ['2026-05-04', '2026-05-04'],
      ['2026-05-05', '2026-05-04'],
    ]);
  });

  it('handles 29 March 2026 in Helsinki, a 23-hour day', () => {
    expect(dayBounds('2026-03-29', 'Europe/Helsinki').end - dayBounds('2026-03-29', 'Europe/Helsinki').start).toBe(23 * 3_600_000);
    const result = derive({
      samples: [
        ...listen('2026-03-28T21:50:00Z', 1, 120), // 23:50 EET on 28 March
        // 02:50 EET = 00:50Z; 20 min later it is 04:10 EEST (01:10Z): the wall clock jumped an hour,
        // the session lasts 1200 s, not 80 min.
        ...listen('2026-03-29T00:50:00Z', 4, 1200),
        ...listen('2026-03-29T20:30:00Z', 1, 120), // 23:30 EEST on 29 March
        ...listen('2026-03-29T21:30:00Z', 1, 120), // 00:30 EEST on 30 March
      ],
    });
    expect(result.sessions.map((s) => [s.day, s.length])).toEqual([
      ['2026-03-28', 120],
      ['2026-03-29', 1200],
      ['2026-03-29', 120],
      ['2026-03-30', 120],
    ]);
  });

  it('handles 25 October 2026 in Helsinki, a 25-hour day on which 03:30 happens twice', () => {
    expect(dayBounds('2026-10-25', 'Europe/Helsinki').end - dayBounds('2026-10-25', 'Europe/Helsinki').start).toBe(25 * 3_600_000);
    const result = derive({
      samples: [
        ...listen('2026-10-25T00:30:00Z', 1, 180), // 03:30 EEST
        ...listen('2026-10-25T01:30:00Z', 1, 180), // 03:30 EET, an hour later: 57 min gap -> its own session
        ...listen('2026-10-25T21:30:00Z', 1, 180), // 23:30 EET on 25 October
        ...listen('2026-10-25T22:30:00Z', 1, 180), // 00:30 EET on 26 October
      ],
    });
    expect(result.sessions.map((s) => [s.day, iso(s.start), s.length])).toEqual([
      ['2026-10-25', '2026-10-25T00:30:00.000Z', 180],
      ['2026-10-25', '2026-10-25T01:30:00.000Z', 180],
      ['2026-10-25', '2026-10-25T21:30:00.000Z', 180],
      ['2026-10-26', '2026-10-25T22:30:00.000Z', 180],
    ]);
  });

  it('gives a user in another time zone other day boundaries for the same instants', () => {
    // 03:30Z: Helsinki 06:30 on 4 May, Stockholm 05:30 on 4 May, New York 23:30 on 3 May.
    // 21:30Z: Helsinki 00:30 on 5 May, Stockholm 23:30 on 4 May, New York 17:30 on 4 May.
    const scenario = { samples: [...listen('2026-05-04T03:30:00Z', 1, 60), ...listen('2026-05-04T21:30:00Z', 1, 60)] };
    const days = (zone: string) => derive(scenario, defaultUsageRules, zone).sessions.map((s) => s.day);
    expect(days('Europe/Helsinki')).toEqual(['2026-05-04', '2026-05-05']);
    expect(days('Europe/Stockholm')).toEqual(['2026-05-04', '2026-05-04']);
    expect(days('America/New_York')).toEqual(['2026-05-03', '2026-05-04']);
  });

  it('gives the hand-computed result under changed rules (shortSessionSeconds 60, maxPauseSeconds 300)', () => {
    const scenario: Scenario = {
      samples: [
        ...listen('2026-05-04T09:00:00Z', 1, 180), // A 09:00:00-09:03:00, 180 s
        ...listen('2026-05-04T09:10:00Z', 4, 40), // B 09:10:00-09:10:40, 40 s; 420 s after A
        ...listen('2026-05-04T09:30:00Z', 1, 50), // C 09:30:00-09:30:50, 50 s; 1160 s after B
        // D: positions 0 @11:00, 60 @11:01, 70 @11:07 (a 360 s gap between samples)
        sample('2026-05-04T11:00:00Z', 3, 0),
        sample('2026-05-04T11:01:00Z', 3, 60),
        sample('2026-05-04T11:07:00Z', 3, 70),
      ],
    };
    // Rules v1 (20 s, 900 s): {A,B} 09:00:00-09:10:40 = 640 s; {C} 50 s; D is one play of
    // 60 + min(10, 360) = 70 s over 420 s (pause inside 350) -> {D} 420 s. All counted: 1110 s.
    const v1 = derive(scenario);
    expect(v1.sessions.map((s) => [s.length, s.playCount, s.short])).toEqual([
      [640, 2, false],
      [50, 1, false],
      [420, 1, false],
    ]);
    expect(v1.plays.at(-1)).toMatchObject({ length: 70, pauseInside: 350 });
    expect(totalUsage(v1.sessions)).toBe(1110);
    // New rules (60 s, 300 s): {A} 180 s; {B} 40 s short; {C} 50 s short; D splits into two plays
    // (360 s > 300 s) and two sessions: {D1} 60 s (not < 60: counted) and {D2} 0 s short.
    // Counted: A and D1, 240 s.
    const v2 = derive(scenario, { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300 });
    expect(v2.sessions.map((s) => [s.length, s.playCount, s.short])).toEqual([
      [180, 1, false],
      [40, 1, true],
      [50, 1, true],
      [60, 1, false],
      [0, 1, true],
    ]);
    expect(totalUsage(v2.sessions)).toBe(240);
  });
});
