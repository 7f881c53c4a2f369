import { z } from 'zod';
import { Message, MessageItem } from './messages.ts';
import { RecipeHeader, RecipeItem } from './recipe-items.ts';

// GET /api/todays-messages (spec 2 sections 1 and 2, "Today's messages"): what the landing player
// view shows its caller: the recommendation messages addressed to them (as a recipient or through
// their user group) that are sent, switched on and active now (active-from reached, active-until
// not passed), oldest first, with their items by message and order; and the radio recipe of the
// day: the Radio items of the caller's recipe of today (as GET /api/todays-recipe decides it).

export const TodaysRadio = z.object({
  recipe: RecipeHeader,
  /** The recipe's Radio items, in item order. */
  items: z.array(RecipeItem),
});
export type TodaysRadio = z.infer<typeof TodaysRadio>;

export const TodaysMessages = z.object({
  messages: z.array(Message),
  items: z.array(MessageItem),
  /** Null without the recipes flag, without a recipe of the day, or when it has no Radio items. */
  radio: TodaysRadio.nullable(),
});
export type TodaysMessages = z.infer<typeof TodaysMessages>;
