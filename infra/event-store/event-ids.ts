import { parse, v5 } from 'uuid';

// Event ids are derived from what identifies the fact (uuid v5), so a retried command or a
// re-posted usage log produces the same ids and the store drops the copies.
// Parsed once: as text, uuid would parse and validate it on every call.
const SOINTU_EVENTS = parse('b2f6bf02-e4ca-4945-b1a3-3d653a6fd6c2');

/** The same parts always give the same id; e.g. `eventId('usage', userId, clientTime, 'PlaySampled')`. */
export const eventId = (...parts: readonly (string | number)[]): string => v5(parts.join('\u001f'), SOINTU_EVENTS);
