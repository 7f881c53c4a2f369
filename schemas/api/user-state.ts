import { z } from 'zod';
import { SafeText } from '../common/safe.ts';

// POST /api/user-state (spec 1 section 9, spec 3 sections 6 and 7; issue 17 item 6): an
// administrator in a support session sets the interface state of the account they are in; the
// user's own sessions read it from ping's `state`. The spec shows no shape, so it is a small JSON
// object, bounded like every stored value.

export const maxUserStateBytes = 16_384;

export const UserStateRequest = z.strictObject({
  state: z
    .record(SafeText.min(1).max(100), z.unknown())
    .refine((state) => Buffer.byteLength(JSON.stringify(state)) <= maxUserStateBytes, `state is at most ${maxUserStateBytes} bytes of JSON`),
});
export type UserStateRequest = z.infer<typeof UserStateRequest>;

export const UserStateResult = z.object({ ok: z.literal(true) });
