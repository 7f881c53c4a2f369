import { describe, expect, it } from 'vitest';
import { playSampled } from '../../tests/infra/event-store-fixtures.ts';
import { comparePositions } from './event-store.ts';
import { fromKurrentEvent, fromKurrentPosition, fromStreamRevision, isSointuEvent, satisfies, toEventData, toKurrentPosition, toStreamState, type KurrentRecorded } from './kurrentdb-mapping.ts';
import { prepareRequests } from './prepare-events.ts';

describe('KurrentDB mapping', () => {
  it('should keep the order of $all positions: commit first, then prepare', () => {
    const positions = [
      { commit: 100n, prepare: 100n },
      { commit: 250n, prepare: 180n }, // two events of one write share the commit
      { commit: 250n, prepare: 220n },
      { commit: 9_007_199_254_740_991n, prepare: 5n },
    ];
    const mapped = positions.map(fromKurrentPosition);
    expect(mapped[1]).toEqual({ tx: 250, seq: 180 });
    for (let i = 1; i < mapped.length; i++) expect(comparePositions(mapped[i - 1]!, mapped[i]!)).toBeLessThan(0);
    expect(mapped.map(toKurrentPosition)).toEqual(positions);
  });

  it('should refuse a position a number cannot hold exactly, rather than round it', () => {
    expect(() => fromKurrentPosition({ commit: 9_007_199_254_740_993n, prepare: 0n })).toThrow(/does not fit/);
    expect(() => fromKurrentPosition({ commit: -1n, prepare: -1n })).toThrow(/does not fit/);
  });

  it('should map expected versions to stream states and current states back to versions', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState(-1)).toBe('no_stream');
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    expect(fromStreamRevision('no_stream')).toBe(-1);
    expect(fromStreamRevision(undefined)).toBe(-1);
    expect(fromStreamRevision(7n)).toBe(7);
    expect([satisfies('any', 3), satisfies('no_stream', -1), satisfies('no_stream', 0), satisfies(3, 3), satisfies(2, 3)]).toEqual([true, true, false, true, false]);
  });

  it('should write an event as JSON with string metadata and read it back unchanged', () => {
    const event = playSampled(42, 3, 'kurrent');
    const [prepared] = prepareRequests([{ stream: 'usage-42', events: [event] }], () => '')[0]!.events;
    const data = toEventData(prepared!);
    expect(data).toMatchObject({ id: event.id, contentType: 'application/json', type: 'PlaySampled', data: event.data });
    expect(data.metadata).toEqual({ schemaVersion: '1', userId: '42', correlationId: 'kurrent-3' });

    const recorded: KurrentRecorded = {
      streamId: 'usage-42',
      id: event.id.toUpperCase(),
      isJson: true,
      revision: 5n,
      type: data.type,
      created: new Date('2025-01-01T08:00:00Z'),
      data: data.data,
      metadata: data.metadata,
      position: { commit: 900n, prepare: 880n },
    };
    expect(isSointuEvent(recorded)).toBe(true);
    expect(fromKurrentEvent(recorded)).toEqual({
      type: 'PlaySampled',
      data: event.data,
      id: event.id,
      schemaVersion: 1,
      streamId: 'usage-42',
      streamVersion: 5,
      position: { tx: 900, seq: 880 },
      metadata: { userId: 42, correlationId: 'kurrent-3' },
      recordedAt: new Date('2025-01-01T08:00:00Z'),
    });
    // No metadata at all: the catalogue's version, no user.
    const bare = fromKurrentEvent({ ...recorded, metadata: undefined });
    expect([bare.schemaVersion, bare.metadata]).toEqual([1, {}]);
  });

  it('should leave out system events, binary events and types it does not know', () => {
    const base: KurrentRecorded = { streamId: 'usage-1', id: 'x', isJson: true, revision: 0n, type: 'PlaySampled', created: new Date(), data: {}, metadata: {} };
    expect(isSointuEvent(base)).toBe(true);
    expect(isSointuEvent({ ...base, type: '$metadata' })).toBe(false);
    expect(isSointuEvent({ ...base, streamId: '$stats-127.0.0.1:2113' })).toBe(false);
    expect(isSointuEvent({ ...base, isJson: false })).toBe(false);
    expect(isSointuEvent({ ...base, type: 'SomethingElse' })).toBe(false);
  });

  it('should only use a stand-in position for stream reads, never for $all', () => {
    const recorded: KurrentRecorded = { streamId: 'usage-1', id: 'x', isJson: true, revision: 2n, type: 'PlaySampled', created: new Date(), data: {}, metadata: {} };
    expect(() => fromKurrentEvent(recorded)).toThrow(/without its \$all position/);
    expect(fromKurrentEvent(recorded, { tx: 0, seq: 0 }).streamVersion).toBe(2);
  });
});
