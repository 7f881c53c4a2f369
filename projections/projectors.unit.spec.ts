import { describe, expect, it } from 'vitest';
import { eventCatalogue, type EventType } from '../schemas/events/index.ts';
import { projectors } from './projectors.ts';

// Adding an event type is checked (issue 13, deliverable 6): a projector that follows a stream
// family (it handles one of its events) decides about every event of that family, handling it or
// naming it in `ignores`. A new event type on the stream nobody decided about fails here, instead
// of being skipped silently by the runner.

const typesOf = (family: string) => (Object.keys(eventCatalogue) as EventType[]).filter((type) => eventCatalogue[type].stream === family);

describe('projectors and the event catalogue', () => {
  it.each(projectors.map((p) => [p.name, p] as const))('%s decides about every event of the streams it follows', (_name, projector) => {
    const families = new Set(projector.handles.map((type) => eventCatalogue[type].stream));
    const decided = new Set<EventType>([...projector.handles, ...(projector.ignores ?? [])]);
    const undecided = [...families].flatMap(typesOf).filter((type) => !decided.has(type));
    expect(undecided, `handle them or add them to ${projector.name}'s ignores`).toEqual([]);
  });

  it.each(projectors.map((p) => [p.name, p] as const))('%s neither handles and ignores a type, nor ignores one of a stream it does not follow', (_name, projector) => {
    const families = new Set(projector.handles.map((type) => eventCatalogue[type].stream));
    const ignored = projector.ignores ?? [];
    expect(ignored.filter((type) => (projector.handles as readonly EventType[]).includes(type))).toEqual([]);
    expect(ignored.filter((type) => !families.has(eventCatalogue[type].stream))).toEqual([]);
  });
});
