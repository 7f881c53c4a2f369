import fc from 'fast-check';
import type { NewEvent } from '../../infra/event-store/event-store.ts';
import { eventCatalogue, SointuEvent, streams } from '../../schemas/events/index.ts';
import { arbitraryOf } from '../security/support/zod-arbitrary.ts';

// Schema-valid events of any type, for tests that feed projectors what the schemas allow.

/** Events of one type that the schemas accept (the arbitrary of a zod schema may overshoot a refinement). */
export function validEventOf(schema: (typeof SointuEvent.options)[number]): fc.Arbitrary<NewEvent> {
  return fc
    .tuple(fc.uuid({ version: 4 }), arbitraryOf(schema))
    .map(([id, event]) => ({ id, ...(event as SointuEvent) }) as NewEvent)
    .filter((e) => SointuEvent.safeParse({ type: e.type, data: e.data }).success);
}

/** The stream an arbitrary event belongs in, from its catalogue family and the id its data names. */
export function streamOf(event: NewEvent): string {
  const data = event.data as { userId?: number; listId?: number; messageId?: number };
  switch (eventCatalogue[event.type].stream) {
    case 'usage': return streams.usage(data.userId!);
    case 'evaluations': return streams.evaluations(data.userId!);
    case 'targets': return streams.targets(data.userId!);
    case 'favoriteList': return streams.favoriteList(data.listId!);
    case 'defaultFavorites': return streams.defaultFavorites(data.userId!);
    case 'message': return streams.message(data.messageId!);
    case 'usageRules': return streams.usageRules();
  }
}
