import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';
import { setConversationActive } from '../api/create-conversation.ts';
import { loadMsgs } from '../stores/msgs-store.ts';
import { LocalModal } from './local-modal.tsx';

// Conversation settings (spec 2 section 2, modals): its owner switches it off ("removes" it: it
// stops being active for its recipients) or on again.

export function ConversationSettings({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await setConversationActive(conversation.id, !conversation.active);
      await loadMsgs();
      onClose();
    } catch (error) {
      console.warn('Conversation activity failed', error);
      setBusy(false);
    }
  };
  return (
    <LocalModal label={t('Conversation settings')} onClose={onClose}>
      <h3>{t('Conversation settings')}</h3>
      <p>{conversation.title}</p>
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          {t('Cancel')}
        </button>
        <button type="button" className="button-primary" disabled={busy} onClick={() => void toggle()}>
          {conversation.active ? t('Remove conversation') : t('Restore conversation')}
        </button>
      </div>
    </LocalModal>
  );
}
