import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Resident, ResidentChange } from '../../../../schemas/api/residents.ts';
import { Alert } from '../../../components/alert.tsx';
import { EditorActions } from '../../../components/widgets/save-status.tsx';
import { useTypedInPlace } from '../../../lib/typed-in-place.ts';
import { residents, residentTab, saveResident } from '../stores/residents-store.ts';

/**
 * EditResident (spec 3 section 2): a new participant (resident null) is a draft saved with Save; an
 * existing one's fields save as they are typed (spec 1 section 4's delayed put: one PUT 500 ms after
 * the last key), shown in the list behind at once, so the tablet user only closes the window.
 */
export function EditResidentModal({ resident, onClose }: { resident: Resident | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saving, failed } = useSnapshot(residents);
  const editor = useTypedInPlace(residentTab, resident?.id ?? null, onClose);
  const [firstName, setFirstName] = useState(resident?.firstName ?? '');
  const [lastName, setLastName] = useState(resident?.lastName ?? '');
  const [identification, setIdentification] = useState(resident?.identification ?? '');
  /** The field shows what is typed; a stored resident also gets it saved (the server trims it). */
  const type = (set: (value: string) => void, value: string, change: ResidentChange) => {
    set(value);
    editor.type(change);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (resident) return editor.close();
    const saved = await saveResident(null, {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      identification: identification.trim() === '' ? null : identification.trim(),
    });
    if (saved) onClose();
  };
  return (
    <div className="modal-backdrop" data-modal="EditResident">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Participant')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={() => void editor.close()}>
          ×
        </button>
        <form className="entity-form" onSubmit={(e) => void submit(e)}>
          <h2>{resident ? t('Edit Participant') : t('Add New Participant')}</h2>
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('First name')}
            <input name="firstName" value={firstName} maxLength={200} autoFocus onChange={(e) => type(setFirstName, e.target.value, { firstName: e.target.value })} />
          </label>
          <label>
            {t('Last name')}
            <input name="lastName" value={lastName} maxLength={200} onChange={(e) => type(setLastName, e.target.value, { lastName: e.target.value })} />
          </label>
          <label>
            {t('Identification')}
            <input
              name="identification"
              value={identification}
              maxLength={200}
              onChange={(e) => type(setIdentification, e.target.value, { identification: e.target.value.trim() === '' ? null : e.target.value })}
            />
          </label>
          <EditorActions typedInPlace={resident ? editor : null} onCancel={onClose} saveDisabled={saving} />
        </form>
      </div>
    </div>
  );
}
