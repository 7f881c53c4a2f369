import { parse, v5 as uuidv5 } from 'uuid';

// Derived rows get name-based (v5) ids from what identifies them, so deriving the same events again
// (a rebuild, a late batch, a replay) yields the same ids and the projector can replace rows.
// Parsed once: given as text, uuid parses and validates the namespace on every call (a rebuild makes millions).
const derivationNamespace = parse('c2f4a3f0-6f1e-4d55-9c7b-6b1f4f0d8a11');

export const playIdOf = (userId: number, firstSampleKey: string) => uuidv5(`play:${userId}:${firstSampleKey}`, derivationNamespace);
export const implicitSessionIdOf = (userId: number, firstPlayId: string) =>
  uuidv5(`implicit-session:${userId}:${firstPlayId}`, derivationNamespace);
export const videoViewIdOf = (userId: number, firstActionKey: string) => uuidv5(`video-view:${userId}:${firstActionKey}`, derivationNamespace);
