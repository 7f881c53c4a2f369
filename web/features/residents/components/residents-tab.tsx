import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Resident } from '../../../../schemas/api/residents.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { residentName } from '../resident-name.ts';
import { residentRows, loadResidents, residents, showInactiveResidents, toggleResidentActive } from '../stores/residents-store.ts';
import { EditResidentModal } from './edit-resident-modal.tsx';
import './residents.css';

/** The residents tab of the settings area (spec 3 section 2). */
export function ResidentsTab({ config }: { config: UserConfig }) {
  const { t } = useTranslation();
  const snap = useSnapshot(residents);
  const rows = useSnapshot(residentRows.state);
  // undefined: closed; null: a new participant.
  const [editing, setEditing] = useState<Resident | null | undefined>(undefined);
  useEffect(() => {
    void loadResidents();
    return residentRows.startSync();
  }, []);
  return (
    <section className="entity-tab" data-testid="residents-tab">
      <div className="entity-tab-bar">
        <h2>{t('Residents')}</h2>
        <label className="trash-toggle">
          <input type="checkbox" data-testid="residents-trash" checked={snap.showInactive} onChange={(e) => showInactiveResidents(e.target.checked)} />
          <svg className="trash-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
          </svg>
          {t('Show removed')}
        </label>
        {config.canCreateResidents && (
          <button type="button" className="button-primary" data-testid="add-resident" onClick={() => setEditing(null)}>
            {t('Add New Participant')}
          </button>
        )}
      </div>
      {snap.failed && <Alert kind="error">{t('Request failed')}</Alert>}
      <table className="entity-table">
        <thead>
          <tr>
            <th>{t('Name')}</th>
            <th>{t('Identification')}</th>
            <th aria-label={t('Actions')} />
          </tr>
        </thead>
        <tbody>
          {rows.keys.map((key) => {
            const { value: resident, flags } = rows.entries[key]!;
            return (
              <tr key={key} data-testid="resident-row" data-status={flags.status} aria-busy={flags.busy} className={resident.active ? undefined : 'inactive'}>
                <td>{residentName(resident) ?? t('(no name)')}</td>
                <td>{resident.identification ?? ''}</td>
                <td>
                  <div className="entity-actions">
                    <button type="button" data-testid="edit-resident" disabled={flags.status !== 'saved'} onClick={() => setEditing(residentRows.items().find((r) => r.id === resident.id) ?? null)}>
                      {t('Edit')}
                    </button>
                    <button
                      type="button"
                      data-testid="toggle-resident"
                      disabled={flags.busy || flags.status !== 'saved'}
                      onClick={() => void toggleResidentActive(resident)}
                    >
                      {resident.active ? t('Remove') : t('Restore')}
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
      {editing !== undefined && <EditResidentModal resident={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
