import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Activity } from '../../../../schemas/api/residents.ts';
import { Alert } from '../../../components/alert.tsx';
import { EditorActions } from '../../../components/widgets/save-status.tsx';
import { isValidActivityName } from '../activity-rules.ts';
import { useTypedInPlace } from '../../../lib/typed-in-place.ts';
import { activities, activityTab, saveActivity } from '../stores/activities-store.ts';

/**
 * EditActivity (spec 3 section 2): a new activity (activity null) is a draft saved with Save; a
 * stored one is renamed as the name is typed (spec 1 section 4's delayed put: one PUT 500 ms after
 * the last key). A name is required: an empty one is never sent, so the last name typed stays.
 */
export function EditActivityModal({ activity, onClose }: { activity: Activity | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saving, failed } = useSnapshot(activities);
  const editor = useTypedInPlace(activityTab, activity?.id ?? null, onClose);
  const [name, setName] = useState(activity?.name ?? '');
  const type = (value: string) => {
    setName(value);
    if (isValidActivityName(value)) editor.type({ name: value });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (activity) return editor.close();
    if (!isValidActivityName(name)) return;
    if (await saveActivity(null, name.trim())) onClose();
  };
  return (
    <div className="modal-backdrop" data-modal="EditActivity">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Activity')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={() => void editor.close()}>
          ×
        </button>
        <form className="entity-form" onSubmit={(e) => void submit(e)}>
          <h2>{activity ? t('Edit Activity') : t('Add New Activity')}</h2>
          {failed && <Alert kind="error">{t('Request failed')}</Alert>}
          <label>
            {t('Name')}
            <input name="name" value={name} maxLength={200} autoFocus onChange={(e) => type(e.target.value)} />
          </label>
          {activity && !isValidActivityName(name) && <Alert kind="info" testId="activity-name-required">{t('An activity needs a name: the last one given is kept.')}</Alert>}
          <EditorActions typedInPlace={activity ? editor : null} onCancel={onClose} saveDisabled={saving || !isValidActivityName(name)} />
        </form>
      </div>
    </div>
  );
}
