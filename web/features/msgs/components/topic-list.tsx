import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';
import { selectConversation } from '../stores/msgs-store.ts';
import { ConversationSettings } from './conversation-settings.tsx';
import { conversationTitle } from './conversation-title.ts';

// The topic list (spec 2 section 2): each conversation's title, its unread reply count and its
// sender; a click highlights and opens it; a settings cog for the owner (canRemove).

export function TopicList({ conversations, openId }: { conversations: readonly Conversation[]; openId: number }) {
  const { t } = useTranslation();
  const [settingsOf, setSettingsOf] = useState<Conversation | null>(null);
  return (
    <>
      <ul className="msgs-topic-list">
        {conversations.map((c) => (
          <li key={c.id} className={c.id === openId ? 'msgs-topic selected' : 'msgs-topic'} data-testid="msgs-topic" aria-current={c.id === openId ? 'true' : undefined}>
            <button type="button" className="msgs-topic-open" onClick={() => void selectConversation(c.id)}>
              <span className={c.messageActive ? 'msgs-topic-title' : 'msgs-topic-title inactive'}>{conversationTitle(c, t)}</span>
              <span className="msgs-topic-sender">{c.senderName ?? ''}</span>
              {c.unreadReplyCount > 0 && (
                <span className="badge" aria-label={t('{{count}} unread replies', { count: c.unreadReplyCount })}>
                  {c.unreadReplyCount}
                </span>
              )}
            </button>
            {c.canRemove && (
              <button type="button" className="icon-button msgs-topic-settings" aria-label={t('Conversation settings')} onClick={() => setSettingsOf(c)}>
                ⚙
              </button>
            )}
          </li>
        ))}
      </ul>
      {settingsOf && <ConversationSettings conversation={settingsOf} onClose={() => setSettingsOf(null)} />}
    </>
  );
}
