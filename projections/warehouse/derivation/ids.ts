import { uuidV5 } from '../../../infra/uuid-v5.ts';

// Derived rows get name-based (v5) ids from what identifies them, so deriving the same events again
// (a rebuild, a late batch, a replay) yields the same ids and the projector can replace rows.
const derivationId = uuidV5('c2f4a3f0-6f1e-4d55-9c7b-6b1f4f0d8a11');

export const playIdOf = (userId: number, firstSampleKey: string) => derivationId(`play:${userId}:${firstSampleKey}`);
export const implicitSessionIdOf = (userId: number, firstPlayId: string) => derivationId(`implicit-session:${userId}:${firstPlayId}`);
export const videoViewIdOf = (userId: number, firstActionKey: string) => derivationId(`video-view:${userId}:${firstActionKey}`);
