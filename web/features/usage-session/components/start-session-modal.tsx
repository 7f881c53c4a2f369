import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Activity, Resident } from '../../../../schemas/api/residents.ts';
import { Alert } from '../../../components/alert.tsx';
import { hideModal } from '../../../lib/modal-stack.ts';
import { postGetActivities } from '../api/post-get-activities.ts';
import { postGetResidents } from '../api/post-get-residents.ts';
import { startUsageSession, usageSession } from '../stores/usage-session-store.ts';
import './usage-session.css';

const toggled = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id));

/** StartSession (spec 3 section 2): participants, and with canCreateActivities outdoors and activities. */
export function StartSessionModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const canCreateActivities = props.canCreateActivities === true;
  const { busy, failed } = useSnapshot(usageSession);
  const [residents, setResidents] = useState<Resident[] | null>(null);
  const [activities, setActivities] = useState<Activity[]>([]);
  const [residentIds, setResidentIds] = useState<number[]>([]);
  const [activityIds, setActivityIds] = useState<number[]>([]);
  const [outdoors, setOutdoors] = useState(false);

  useEffect(() => {
    let live = true;
    // A failed fetch is an empty list (spec 1 section 4): the session can still start.
    postGetResidents({ active: true })
      .then((list) => live && setResidents(list.items))
      .catch(() => live && setResidents([]));
    if (canCreateActivities) {
      postGetActivities({ active: true })
        .then((list) => live && setActivities(list.items))
        .catch(() => live && setActivities([]));
    }
    return () => {
      live = false;
    };
  }, [canCreateActivities]);

  const start = async () => {
    const started = await startUsageSession(
      { residentIds, outdoors: canCreateActivities && outdoors, activityIds: canCreateActivities ? activityIds : [] },
      t('Session started!'),
      t('Session could not be started.'),
    );
    if (started) hideModal();
  };

  return (
    <div className="start-session" data-testid="start-session-modal">
      <h2>{t('Start Session')}</h2>
      {failed && <Alert kind="error">{failed}</Alert>}
      <fieldset className="session-choices">
        <legend>{t('Choose participants')}</legend>
        {residents === null ? (
          <p role="status">{t('Loading...')}</p>
        ) : residents.length === 0 ? (
          <p>{t('No participants yet.')}</p>
        ) : (
          residents.map((resident) => (
            <label key={resident.id} className="session-choice">
              <input
                type="checkbox"
                data-testid={`session-resident-${resident.id}`}
                checked={residentIds.includes(resident.id)}
                onChange={(e) => setResidentIds((ids) => toggled(ids, resident.id, e.target.checked))}
              />
              {`${resident.firstName} ${resident.lastName}`.trim() || t('(no name)')}
              {resident.identification ? <span className="session-muted"> {resident.identification}</span> : null}
            </label>
          ))
        )}
      </fieldset>
      {canCreateActivities && (
        <>
          <label className="session-choice session-outdoors">
            <input type="checkbox" data-testid="session-outdoors" checked={outdoors} onChange={(e) => setOutdoors(e.target.checked)} />
            {t('Outdoor activity')}
          </label>
          {activities.length > 0 && (
            <fieldset className="session-choices">
              <legend>{t('Choose activities')}</legend>
              {activities.map((activity) => (
                <label key={activity.id} className="session-choice">
                  <input
                    type="checkbox"
                    data-testid={`session-activity-${activity.id}`}
                    checked={activityIds.includes(activity.id)}
                    onChange={(e) => setActivityIds((ids) => toggled(ids, activity.id, e.target.checked))}
                  />
                  {activity.name || t('(no name)')}
                </label>
              ))}
            </fieldset>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" onClick={hideModal}>
          {t('Cancel')}
        </button>
        <button type="button" className="button-primary" disabled={busy} data-testid="session-start-confirm" onClick={() => void start()}>
          {t('Start')}
        </button>
      </div>
    </div>
  );
}
