import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Activity } from '../../../../schemas/api/residents.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { activities, activityRows, loadActivities, showInactiveActivities, toggleActivityActive } from '../stores/activities-store.ts';
import { EditActivityModal } from './edit-activity-modal.tsx';
import './activities.css';

/** The activities admin table of the settings area (spec 3 section 2): column Name, trash toggle. */
export function ActivitiesTab({ config }: { config: UserConfig }) {
  const { t } = useTranslation();
  const snap = useSnapshot(activities);
  const rows = useSnapshot(activityRows.state);
  // undefined: closed; null: a new activity.
  const [editing, setEditing] = useState<Activity | null | undefined>(undefined);
  useEffect(() => {
    void loadActivities();
    return activityRows.startSync();
  }, []);
  return (
    <section className="entity-tab" data-testid="activities-tab">
      <div className="entity-tab-bar">
        <h2>{t('Activities')}</h2>
        <label className="trash-toggle">
          <input type="checkbox" data-testid="activities-trash" checked={snap.showInactive} onChange={(e) => showInactiveActivities(e.target.checked)} />
          <svg className="trash-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
          </svg>
          {t('Show removed')}
        </label>
        {config.canCreateActivities && (
          <button type="button" className="button-primary" data-testid="add-activity" onClick={() => setEditing(null)}>
            {t('Add New Activity')}
          </button>
        )}
      </div>
      {snap.failed && <Alert kind="error">{t('Request failed')}</Alert>}
      <table className="entity-table">
        <thead>
          <tr>
            <th>{t('Name')}</th>
            <th aria-label={t('Actions')} />
          </tr>
        </thead>
        <tbody>
          {rows.keys.map((key) => {
            const { value: activity, flags } = rows.entries[key]!;
            return (
              <tr key={key} data-testid="activity-row" data-status={flags.status} aria-busy={flags.busy} className={activity.active ? undefined : 'inactive'}>
                <td>{activity.name.trim() === '' ? t('(no name)') : activity.name}</td>
                <td>
                  <div className="entity-actions">
                    <button type="button" data-testid="edit-activity" disabled={flags.status !== 'saved'} onClick={() => setEditing(activityRows.items().find((a) => a.id === activity.id) ?? null)}>
                      {t('Edit')}
                    </button>
                    <button
                      type="button"
                      data-testid="toggle-activity"
                      disabled={flags.busy || flags.status !== 'saved'}
                      onClick={() => void toggleActivityActive(activity)}
                    >
                      {activity.active ? t('Remove') : t('Restore')}
                    </button>
                  </div>
                  {flags.status === 'failed' && <span className="entity-pending">{t('Not saved yet, trying again soon')}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {snap.loaded && rows.keys.length === 0 && <p className="entity-empty">{t('No rows')}</p>}
      {editing !== undefined && <EditActivityModal activity={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
