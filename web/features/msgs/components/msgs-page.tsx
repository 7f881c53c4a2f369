import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { loadMsgs, markOpenedRead, msgs, openConversation, startMsgs } from '../stores/msgs-store.ts';
import { uploadFile } from '../api/upload.ts';
import { ConversationView } from './conversation-view.tsx';
import { NewConversationForm } from './new-conversation-form.tsx';
import { TopicList } from './topic-list.tsx';
import './msgs.css';

// The messenger (/msgs, spec 2 section 2): the topic list (only with more than one conversation)
// beside the open conversation's discussion; "Topics" and "Discussion" headers except for users
// inserted by another user and with betweenFamilies; "New Conversation".

export function MsgsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(msgs);
  const [creating, setCreating] = useState(false);
  // The snapshot is deeply read-only; the views only read it.
  const conversations = snap.conversations as Conversation[];
  const open = openConversation({ conversations, selectedId: snap.selectedId });
  const headers = user.insertedByUserId === null && !user.config.betweenFamilies;
  const showTopics = conversations.length > 1;

  useEffect(() => startMsgs(), []);
  // Opening a received conversation reads it (its replies keep their "New" until marked).
  useEffect(() => void markOpenedRead(), [open?.id, open?.readTime]);

  const newButton = (
    <button type="button" className="button-primary" onClick={() => setCreating(true)} disabled={creating} data-testid="new-conversation">
      {t('New Conversation')}
    </button>
  );

  return (
    <section className="msgs" data-testid="msgs">
      <div className="msgs-toolbar">{newButton}</div>
      {creating && <NewConversationForm user={user} onDone={() => setCreating(false)} />}
      {snap.status === 'loading' && snap.conversations.length === 0 && <div aria-busy="true" className="msgs-loading" />}
      {snap.status === 'failed' && (
        <Alert kind="error">
          {t('Conversations could not be loaded.')}{' '}
          <button type="button" className="link-button" onClick={() => void loadMsgs()}>
            {t('Try again')}
          </button>
        </Alert>
      )}
      {snap.status === 'ready' && snap.conversations.length === 0 && !creating && (
        <div className="msgs-empty" data-testid="msgs-empty">
          <p>{t('No conversations yet. Start one with "New Conversation".')}</p>
        </div>
      )}
      {open && (
        <div className={showTopics ? 'msgs-layout with-topics' : 'msgs-layout'}>
          {showTopics && (
            <aside className="msgs-topics" data-testid="msgs-topics">
              {headers && <h2>{t('Topics')}</h2>}
              <TopicList conversations={conversations} openId={open.id} />
            </aside>
          )}
          <div className="msgs-discussion">
            {headers && <h2>{t('Discussion')}</h2>}
            <ConversationView key={open.id} conversation={open} timeZone={user.config.timeZone} upload={uploadFile} />
          </div>
        </div>
      )}
    </section>
  );
}
