import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Resident } from '../../../../schemas/api/residents.ts';
import { Alert } from '../../../components/alert.tsx';
import { residents, saveResident } from '../stores/residents-store.ts';

/** EditResident (spec 3 section 2): a new participant (resident null) or an existing one. */
export function EditResidentModal({ resident, onClose }: { resident: Resident | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saving, failed } = useSnapshot(residents);
  const [firstName, setFirstName] = useState(resident?.firstName ?? '');
  const [lastName, setLastName] = useState(resident?.lastName ?? '');
  const [identification, setIdentification] = useState(resident?.identification ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saveResident(resident?.id ?? null, {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      identification: identification.trim() === '' ? null : identification.trim(),
    });
    if (saved) onClose();
  };
  return (
    <div className="modal-backdrop" data-modal="EditResident">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Participant')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <form className="entity-form" onSubmit={(e) => void submit(e)}>
          <h2>{resident ? t('Edit Participant') : t('Add New Participant')}</h2>
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('First name')}
            <input name="firstName" value={firstName} maxLength={200} autoFocus onChange={(e) => setFirstName(e.target.value)} />
          </label>
          <label>
            {t('Last name')}
            <input name="lastName" value={lastName} maxLength={200} onChange={(e) => setLastName(e.target.value)} />
          </label>
          <label>
            {t('Identification')}
            <input name="identification" value={identification} maxLength={200} onChange={(e) => setIdentification(e.target.value)} />
          </label>
          <div className="modal-actions">
            <button type="button" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={saving}>
              {t('Save')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
