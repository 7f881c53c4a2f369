import { uuidV5 } from '../uuid-v5.ts';

// Event ids are derived from what identifies the fact (uuid v5), so a retried command or a
// re-posted usage log produces the same ids and the store drops the copies.
const sointuEventId = uuidV5('b2f6bf02-e4ca-4945-b1a3-3d653a6fd6c2');

/** The same parts always give the same id; e.g. `eventId('usage', userId, clientTime, 'PlaySampled')`. */
export const eventId = (...parts: readonly (string | number)[]): string => sointuEventId(parts.join('\u001f'));
