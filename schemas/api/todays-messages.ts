import { z } from 'zod';
import { Message, MessageItem } from './messages.ts';

// GET /api/todays-messages (spec 2 sections 1 and 2, "Today's messages"): what the landing player
// view shows its caller: the recommendation messages addressed to them (as a recipient or through
// their user group) that are sent, switched on and active now (active-from reached, active-until
// not passed), oldest first, with their items by message and order. The radio recipe of the day is
// not part of the answer: recipes have no date or timing of their own yet.

export const TodaysMessages = z.object({
  messages: z.array(Message),
  items: z.array(MessageItem),
});
export type TodaysMessages = z.infer<typeof TodaysMessages>;
