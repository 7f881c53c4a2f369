import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { createConversation } from '../api/create-conversation.ts';
import { loadMsgs, selectConversation } from '../stores/msgs-store.ts';

// "New Conversation" (spec 2 section 2): the default title from config (defaultMessageTitle, else
// "New conversation") and the user's default recipients, each removable; others of the user's
// receivers can be added. Created as a sent message that takes replies: its discussion is its
// replies, written in the reply box.

interface Chip {
  id: number;
  name: string;
}

export function NewConversationForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const { t } = useTranslation();
  const defaults = (user.defaultMessageRecipients ?? []).map((d): Chip => ({ id: d.dstUserId, name: d.recipientName || d.name }));
  const [title, setTitle] = useState(user.config.defaultMessageTitle || t('New conversation'));
  const [chips, setChips] = useState<Chip[]>(defaults.filter((c, i) => defaults.findIndex((d) => d.id === c.id) === i));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const requestId = useRef(crypto.randomUUID());
  const addable = (user.messageReceivers ?? []).filter((r) => !chips.some((c) => c.id === r.id));

  const create = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const message = await createConversation({ title: title.trim(), recipients: chips.map((c) => c.id), requestId: requestId.current });
      await loadMsgs();
      await selectConversation(message.id);
      onDone();
    } catch (error) {
      console.warn('New conversation failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <form
      className="msgs-new"
      data-testid="msgs-new-form"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <label>
        {t('Title')}
        <input value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} name="title" />
      </label>
      <div className="msgs-recipients">
        <span>{t('Recipients')}</span>
        <ul>
          {chips.map((chip) => (
            <li key={chip.id} className="msgs-chip" data-testid="msgs-recipient">
              {chip.name}
              <button type="button" aria-label={t('Remove {{name}}', { name: chip.name })} onClick={() => setChips(chips.filter((c) => c.id !== chip.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        {addable.length > 0 && (
          <select
            aria-label={t('Add recipient')}
            value=""
            onChange={(e) => {
              const chosen = addable.find((r) => r.id === Number(e.target.value));
              if (chosen) setChips([...chips, { id: chosen.id, name: chosen.name }]);
            }}
          >
            <option value="">{t('Add recipient')}</option>
            {addable.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </div>
      {failed && (
        <p className="msgs-error" role="alert">
          {t('The conversation could not be created. Try again.')}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={onDone}>
          {t('Cancel')}
        </button>
        <button type="submit" className="button-primary" disabled={busy || chips.length === 0 || title.trim() === ''} data-testid="msgs-create">
          {t('Create')}
        </button>
      </div>
    </form>
  );
}
