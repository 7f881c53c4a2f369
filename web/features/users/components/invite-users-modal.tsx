import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resident } from '../../../../schemas/api/residents.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { inviteUser, type InviteUser } from '../api/invite-user.ts';
import { activeResidents } from '../api/post-get-residents.ts';

const languages: Array<{ value: InviteUser['language']; label: string }> = [
  { value: 'fin', label: 'Suomi' },
  { value: 'eng', label: 'English' },
  { value: 'swe', label: 'Svenska' },
];

const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  defaultMessageRecipientName: 'Default message recipient name',
  residentId: 'Resident',
  language: 'Language',
};

/** The form's labels of the fields a ValidationError names (`body.email` and the like). */
function invalidFields(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  const names = details.map((d: unknown) => String((d as { path?: unknown }).path ?? '').split('.').pop() ?? '');
  return [...new Set(names.map((name) => fieldLabels[name]).filter((label): label is string => !!label))];
}

/**
 * InviteUsers (spec 2 section 7, spec 3 section 2): a relative's names, e-mail, the name they see
 * for their default message recipient, their resident and the invitation's language. The
 * invite-user request creates the user and mails the login link.
 */
export function InviteUsersModal({ user, onClose, onInvited }: { user: CurrentUser; onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Omit<InviteUser, 'residentId'> & { residentId: string }>({
    firstName: '',
    lastName: '',
    email: '',
    defaultMessageRecipientName: user.clientName ?? user.organization ?? '',
    residentId: '',
    language: 'fin',
  });
  const [residents, setResidents] = useState<Resident[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void activeResidents([user.id, ...user.adminOfUsers.map((u) => u.id)]).then(
      (list) => setResidents(list.items),
      () => setResidents([]),
    );
  }, [user]);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const ready = form.firstName.trim() !== '' && form.lastName.trim() !== '' && /^\S+@\S+\.\S+$/.test(form.email.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await inviteUser({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        defaultMessageRecipientName: form.defaultMessageRecipientName.trim(),
        residentId: form.residentId === '' ? null : Number(form.residentId),
        language: form.language,
      });
      onInvited();
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? invalidFields(e.details) : [];
      setError(fields.length > 0 ? t('Check these fields: {{fields}}', { fields: fields.map((f) => t(f)).join(', ') }) : t('Request failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="modal-backdrop" data-modal="InviteUsers">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Invite Users')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <form className="user-form" onSubmit={(e) => void submit(e)}>
          <h2>{t('Invite Users')}</h2>
          {error && <Alert kind="error">{error}</Alert>}
          <label>
            {t('First name')}
            <input name="firstName" value={form.firstName} maxLength={200} autoFocus onChange={(e) => set('firstName')(e.target.value)} />
          </label>
          <label>
            {t('Last name')}
            <input name="lastName" value={form.lastName} maxLength={200} onChange={(e) => set('lastName')(e.target.value)} />
          </label>
          <label>
            {t('Email')}
            <input name="email" type="email" value={form.email} maxLength={320} onChange={(e) => set('email')(e.target.value)} />
          </label>
          <label>
            {t('Default message recipient name')}
            <input name="defaultMessageRecipientName" value={form.defaultMessageRecipientName} maxLength={200} onChange={(e) => set('defaultMessageRecipientName')(e.target.value)} />
          </label>
          <label>
            {t('Resident')}
            <select name="residentId" value={form.residentId} onChange={(e) => set('residentId')(e.target.value)}>
              <option value="">{t('(none)')}</option>
              {residents.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {[r.firstName, r.lastName].filter(Boolean).join(' ')}
                  {r.identification ? ` (${r.identification})` : ''}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('Language')}
            <select name="language" value={form.language} onChange={(e) => set('language')(e.target.value)}>
              {languages.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <div className="modal-actions">
            <button type="button" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={!ready || busy}>
              {t('Send invitation')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
