import { eventId } from '../../infra/event-store/event-ids.ts';
import type { NewEvent } from '../../infra/event-store/event-store.ts';
import type { EventOf } from '../../schemas/events/index.ts';

// Realistic usage events for the event store tests and the append benchmark.

export function playSampled(userId: number, n: number, run = 'test'): NewEvent<EventOf<'PlaySampled'>> {
  const clientTime = new Date(Date.UTC(2025, 0, 1, 8, 0, 0) + n * 15_000).toISOString();
  return {
    id: eventId(run, 'PlaySampled', userId, n),
    type: 'PlaySampled',
    data: {
      userId,
      clientTime,
      receivedAt: clientTime,
      audioFileId: 100 + (n % 40),
      position: (n * 15) % 600,
      playSource: 'MusicChannel',
      itemType: 'Audio',
      recipeId: null,
      favoriteListId: null,
      categoryId: 7,
      manualStart: n % 5 === 0,
      exercise: false,
    },
    metadata: { userId, correlationId: `${run}-${n}` },
  };
}
