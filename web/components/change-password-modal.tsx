import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { minPasswordLength } from '../../schemas/api/password-rules.ts';
import type { SetPasswordResult } from '../../schemas/api/user-admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { Alert } from './alert.tsx';
import './change-password-modal.css';

/** POST /api/set-password (spec 1 section 8, spec 3 section 7). */
export function postSetPassword(userId: number, password: string): Promise<SetPasswordResult> {
  return apiRequest<SetPasswordResult>('/api/set-password', { method: 'POST', body: { userId, password } });
}

/** Spec 2 section 8: enabled only when the password is long enough (schemas/api/password-rules.ts) and both entries match. */
export const canSubmitPassword = (password: string, again: string): boolean => password.length >= minPasswordLength && password === again;

/**
 * The Change password modal: for a user an administrator manages (/users) or for the user
 * themselves (the settings page, with passwordChange). `userName` names whose password it is.
 */
export function ChangePasswordModal({ userId, userName, onClose, onChanged }: { userId: number; userName?: string; onClose: () => void; onChanged?: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitPassword(password, again) || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await postSetPassword(userId, password);
      onChanged?.();
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="modal-backdrop" data-modal="ChangePassword">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Change password')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <form className="password-form" onSubmit={(e) => void submit(e)}>
          <h2>{t('Change password')}</h2>
          {userName && <p className="password-form-user">{userName}</p>}
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('New password')}
            <input type="password" name="newPassword" autoComplete="new-password" value={password} maxLength={200} autoFocus onChange={(e) => setPassword(e.target.value)} />
          </label>
          <label>
            {t('New password again')}
            <input type="password" name="newPasswordAgain" autoComplete="new-password" value={again} maxLength={200} onChange={(e) => setAgain(e.target.value)} />
          </label>
          <p className="password-form-hint">{t('At least {{count}} characters', { count: minPasswordLength })}</p>
          <div className="modal-actions">
            <button type="button" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={!canSubmitPassword(password, again) || busy}>
              {t('Change password')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
