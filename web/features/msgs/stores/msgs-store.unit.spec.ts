import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';
import { firstUnreadIndex, openConversation, replyRows } from './msgs-store.ts';

const reply = (own: boolean, readTime: string | null) => ({ own, readTime }) as Conversation['replies'][number];

describe('messenger store', () => {
  it('grows the reply box from 1 to 10 rows', () => {
    expect(replyRows('')).toBe(1);
    expect(replyRows('a\nb\nc')).toBe(3);
    expect(replyRows('\n'.repeat(30))).toBe(10);
  });

  it("finds the first unread reply from someone else, not the viewer's own", () => {
    expect(firstUnreadIndex({ replies: [reply(false, '2026-01-01T00:00:00Z'), reply(true, null), reply(false, null), reply(false, null)] })).toBe(2);
    expect(firstUnreadIndex({ replies: [reply(true, null)] })).toBe(-1);
  });

  it('opens the chosen conversation while it is listed, else the first', () => {
    const conversations = [{ id: 1 }, { id: 2 }] as Conversation[];
    expect(openConversation({ conversations, selectedId: 2 })?.id).toBe(2);
    expect(openConversation({ conversations, selectedId: 9 })?.id).toBe(1);
    expect(openConversation({ conversations: [], selectedId: null })).toBeNull();
  });
});
