import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../schemas/api/messages.ts';
import { loadAddressable, messageView, removeRecipient, setRecipients } from '../stores/message-store.ts';
import { Dialog } from './dialog.tsx';

// Recipients and recipient groups (spec 2 sections 2 and 4): removable only while unsent; the Add
// recipients modal lists whom the user may address (GET /api/message-recipients).

const personName = (r: { name: string; recipientName: string | null; organization: string | null }) =>
  [r.recipientName || r.name, r.organization].filter(Boolean).join(', ');

export function RecipientsSection({ message, editable }: { message: Message; editable: boolean }) {
  const { t } = useTranslation();
  const { busy } = useSnapshot(messageView);
  const [adding, setAdding] = useState(false);
  const none = message.recipients.length === 0 && message.recipientGroups.length === 0;
  return (
    <section className="message-recipients" data-testid="message-recipients">
      <span className="message-label">{t('Recipients')}:</span>
      <ul className="recipient-chips">
        {message.recipients.map((r) => (
          <li key={`u${r.id}`} className="recipient-chip" data-testid="recipient-chip">
            {personName(r) || `#${r.id}`}
            {editable && (
              <button type="button" disabled={busy} aria-label={t('Remove recipient {{name}}', { name: personName(r) })} onClick={() => void removeRecipient('user', r.id)}>
                ×
              </button>
            )}
          </li>
        ))}
        {message.recipientGroups.map((g) => (
          <li key={`g${g.id}`} className="recipient-chip group" data-testid="recipient-chip">
            {g.name || `#${g.id}`}
            {editable && (
              <button type="button" disabled={busy} aria-label={t('Remove recipient {{name}}', { name: g.name })} onClick={() => void removeRecipient('group', g.id)}>
                ×
              </button>
            )}
          </li>
        ))}
        {none && <li className="message-muted">{t('No recipients')}</li>}
      </ul>
      {editable && (
        <button type="button" onClick={() => setAdding(true)} data-testid="add-recipients">
          {t('Add recipients')}
        </button>
      )}
      {adding && <AddRecipientsModal message={message} onClose={() => setAdding(false)} />}
    </section>
  );
}

function AddRecipientsModal({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const { addressable, busy } = useSnapshot(messageView);
  const [users, setUsers] = useState(() => new Set(message.recipients.map((r) => r.id)));
  const [groups, setGroups] = useState(() => new Set(message.recipientGroups.map((g) => g.id)));
  useEffect(() => void loadAddressable(), []);
  const toggle = (set: Set<number>, id: number, update: (s: Set<number>) => void) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const save = async () => {
    if (await setRecipients([...users], [...groups])) onClose();
  };
  return (
    <Dialog label={t('Add recipients')} onClose={onClose} testId="add-recipients-modal">
      {!addressable ? (
        <p aria-busy="true">{t('Loading')}</p>
      ) : addressable.users.length === 0 && addressable.groups.length === 0 ? (
        <p>{t('You have no one to send messages to.')}</p>
      ) : (
        <div className="recipient-options">
          {addressable.users.length > 0 && <h4>{t('Receivers')}</h4>}
          {addressable.users.map((u) => (
            <label key={`u${u.id}`} className="recipient-option">
              <input type="checkbox" checked={users.has(u.id)} onChange={() => toggle(users, u.id, setUsers)} data-testid="recipient-option" />
              {personName(u)}
              {u.residentFirstName ? ` (${[u.residentFirstName, u.residentLastName].filter(Boolean).join(' ')})` : ''}
            </label>
          ))}
          {addressable.groups.length > 0 && <h4>{t('Groups')}</h4>}
          {addressable.groups.map((g) => (
            <label key={`g${g.id}`} className="recipient-option">
              <input type="checkbox" checked={groups.has(g.id)} onChange={() => toggle(groups, g.id, setGroups)} data-testid="recipient-group-option" />
              {g.name}
            </label>
          ))}
        </div>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          {t('Cancel')}
        </button>
        <button type="button" className="button-primary" disabled={busy || !addressable} onClick={() => void save()} data-testid="save-recipients">
          {t('Save')}
        </button>
      </div>
    </Dialog>
  );
}
