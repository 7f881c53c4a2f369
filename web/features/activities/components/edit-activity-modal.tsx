import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Activity } from '../../../../schemas/api/residents.ts';
import { Alert } from '../../../components/alert.tsx';
import { isValidActivityName } from '../activity-rules.ts';
import { activities, saveActivity } from '../stores/activities-store.ts';

/** EditActivity (spec 3 section 2): a new activity (activity null) or a rename; a name is required. */
export function EditActivityModal({ activity, onClose }: { activity: Activity | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saving, failed } = useSnapshot(activities);
  const [name, setName] = useState(activity?.name ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidActivityName(name)) return;
    if (await saveActivity(activity?.id ?? null, name.trim())) onClose();
  };
  return (
    <div className="modal-backdrop" data-modal="EditActivity">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Activity')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <form className="entity-form" onSubmit={(e) => void submit(e)}>
          <h2>{activity ? t('Edit Activity') : t('Add New Activity')}</h2>
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('Name')}
            <input name="name" value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />
          </label>
          <div className="modal-actions">
            <button type="button" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={saving || !isValidActivityName(name)}>
              {t('Save')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
