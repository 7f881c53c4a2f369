import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '../../../../schemas/api/user-admin.ts';
import { Alert } from '../../../components/alert.tsx';
import { removeAdminUser } from '../stores/users-store.ts';
import { removalConfirmed } from '../user-actions.ts';

/** RemoveUser (spec 2 section 8, spec 3 section 2): the user's name typed exactly enables the removal. */
export function RemoveUserModal({ user, onClose, onRemoved }: { user: AdminUserRow; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!removalConfirmed(typed, user) || busy) return;
    setBusy(true);
    const removed = await removeAdminUser(user.id);
    setBusy(false);
    if (!removed) return setFailed(true);
    onRemoved();
    onClose();
  };
  return (
    <div className="modal-backdrop" data-modal="RemoveUser">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Remove User')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <form className="user-form" onSubmit={(e) => void submit(e)}>
          <h2>{t('Remove User')}</h2>
          <Alert kind="error">{t('You are about to remove the user %s. This action cannot be undone.').replace('%s', user.displayName)}</Alert>
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('Type the name of the user to confirm')}
            <input name="confirmName" value={typed} maxLength={300} autoFocus autoComplete="off" placeholder={user.displayName} onChange={(e) => setTyped(e.target.value)} />
          </label>
          <div className="modal-actions">
            <button type="button" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button-danger" data-testid="confirm-remove-user" disabled={!removalConfirmed(typed, user) || busy}>
              {t('Remove User')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
