import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ReadModelOverview } from '../../../../schemas/api/rebuild.ts';
import { dropOldReadModelVersions, rebuildStore, startReadModelRebuild, switchReadModel } from '../stores/rebuild-store.ts';

/**
 * The Postgres read models on the rebuild screen: each one's serving version and a rebuild of it
 * from the whole event log (after a fix of its projector), built beside the serving version,
 * switched in one step and its old version dropped, like the reports' warehouse above.
 */
export function ReadModelsPanel({ readModels }: { readModels: readonly ReadModelOverview[] }) {
  const { t } = useTranslation();
  const snap = useSnapshot(rebuildStore);
  const dropped = snap.droppedReadModel;
  return (
    <section className="read-models-panel" data-testid="read-models-panel">
      <h3>{t('Read models')}</h3>
      <p className="rebuild-note">{t('A read model is rebuilt from the whole event log beside the serving version; switch when it has caught up.')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('Read model')}</th>
            <th scope="col">{t('Serving version')}</th>
            <th scope="col">{t('Rebuild progress')}</th>
            <th scope="col">{t('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {readModels.map((model) => {
            const rebuild = model.rebuild;
            const busy = snap.busy !== null;
            return (
              <tr key={model.name} data-read-model={model.name}>
                <th scope="row">{model.name}</th>
                <td>{model.currentVersion}</td>
                <td data-testid="read-model-progress">
                  {rebuild === null
                    ? '–'
                    : rebuild.caughtUp
                      ? `${t('Version {{version}}', { version: rebuild.version })}: ${t('Caught up: ready to switch')}`
                      : `${t('Version {{version}}', { version: rebuild.version })}: ${t('{{done}} of {{total}} events', { done: rebuild.eventsDone, total: rebuild.eventsTotal })}`}
                  {rebuild?.lastError && <code className="projection-problem">{rebuild.lastError}</code>}
                </td>
                <td>
                  <div className="rebuild-actions">
                    <button type="button" data-testid="rebuild-read-model" disabled={busy || rebuild !== null} onClick={() => void startReadModelRebuild(model.name)}>
                      {t('Rebuild')}
                    </button>
                    <button type="button" className="button-primary" data-testid="switch-read-model" disabled={busy || !rebuild?.caughtUp} onClick={() => void switchReadModel(model.name)}>
                      {t('Switch')}
                    </button>
                    <button type="button" data-testid="drop-read-model" disabled={busy || model.droppableVersions.length === 0} onClick={() => void dropOldReadModelVersions(model.name)}>
                      {t('Drop old versions')}
                      {model.droppableVersions.length > 0 ? ` (${model.droppableVersions.join(', ')})` : ''}
                    </button>
                  </div>
                  {dropped?.name === model.name && (
                    <p className="rebuild-note" role="status">
                      {dropped.versions.length === 0 ? t('Nothing to drop.') : t('Dropped versions: {{versions}}', { versions: dropped.versions.join(', ') })}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
