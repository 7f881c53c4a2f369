import { proxy, ref } from 'valtio';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { postGetMessageItems, postGetMessages } from '../api/get-messages.ts';
import { gameMessagesQuery } from '../message-lists.ts';

// The games page (spec 2 section 2, query gameMessages): the active game messages and their items.

export const games = proxy({
  status: 'loading' as 'loading' | 'loaded' | 'failed',
  messages: ref<Message[]>([]),
  items: ref<MessageItem[]>([]),
});

export async function loadGames(): Promise<void> {
  games.status = 'loading';
  try {
    const messages = await postGetMessages(gameMessagesQuery);
    const items = await postGetMessageItems(messages.map((m) => m.id));
    games.messages = ref(messages);
    games.items = ref(items);
    games.status = 'loaded';
  } catch (error) {
    console.warn('Game messages failed', error);
    games.status = 'failed';
  }
}

/** How many game messages the user has: the top bar's Games link shows only when there are some. */
export async function countGameMessages(): Promise<number> {
  try {
    return (await postGetMessages(gameMessagesQuery)).length;
  } catch (error) {
    console.warn('Game messages failed', error);
    return 0;
  }
}
