import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../../routes/paths.ts';
import { Alert } from '../../../components/alert.tsx';
import {
  dropOldVersions,
  isRebuilding,
  loadRebuildScreen,
  rebuildStore,
  refreshOverview,
  setComparisonPeriod,
  startRebuild,
  switchVersion,
} from '../stores/rebuild-store.ts';
import { HeadlineComparison } from './headline-comparison.tsx';
import { ProjectionsPanel } from './projections-panel.tsx';
import { ReadModelsPanel } from './read-models-panel.tsx';
import { RebuildProgress } from './rebuild-progress.tsx';
import { RulesForm } from './rules-form.tsx';
import './rebuild.css';

const actionFailed = { load: 'Loading the rebuild status failed', start: 'The rebuild did not start', switch: 'The switch failed', drop: 'Dropping old versions failed' } as const;

/**
 * /admin/rebuild: operators change the usage rules, watch the new version build, compare and switch;
 * below, the read models, rebuilt and switched the same way, and every projection's state, with the
 * repairs for one stuck on an event.
 */
export function RebuildPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(rebuildStore);
  // Refs, never proxied: read from the store, re-rendered by the snapshot.
  const overview = snap.overview ? rebuildStore.overview : null;
  const rules = snap.latestRules ? rebuildStore.latestRules : null;
  const rebuilding = isRebuilding(overview);

  useEffect(() => {
    void loadRebuildScreen();
  }, []);
  useEffect(() => {
    if (!rebuilding) return;
    const timer = setInterval(() => void refreshOverview(), 1000);
    return () => clearInterval(timer);
  }, [rebuilding]);

  const rebuild = overview?.rebuild ?? null;
  return (
    <section className="rebuild-page" data-testid="rebuild-page">
      <h2>{t('Report rebuild')}</h2>
      <p>
        <Link href={paths.libraryAdmin.href()} data-testid="library-admin-link">
          {t('Content library')}
        </Link>
      </p>
      <p>{t('New usage rules build a new version of the reports beside the current one. Switch when it has caught up; the old version keeps serving until then.')}</p>
      {snap.problem && (
        <Alert kind="error">
          {t(actionFailed[snap.problem.kind])}
          {snap.problem.message ? `: ${snap.problem.message}` : ''}
        </Alert>
      )}
      {overview?.warnings.includes('publicUrlMissing') && (
        <Alert kind="error" testId="public-url-missing">
          {t('PUBLIC_URL is not set: invitations, login links and password resets are not mailed until the server has it.')}
        </Alert>
      )}
      {overview && (
        <p data-testid="current-version">
          {t('Serving version {{version}}', { version: overview.currentVersion })}
          {' · '}
          {t('Short session threshold {{seconds}} s, longest pause {{pause}} s', {
            seconds: overview.currentRules.shortSessionSeconds,
            pause: overview.currentRules.maxPauseSeconds,
          })}
        </p>
      )}
      <div className="rebuild-columns">
        {rules ? (
          <RulesForm key={JSON.stringify(rules)} rules={rules} busy={snap.busy !== null || rebuild !== null} onStart={(next, from) => void startRebuild(next, from)} />
        ) : (
          <p role="status">{t('Loading...')}</p>
        )}
        <div className="rebuild-status">
          {rebuild ? <RebuildProgress progress={rebuild} /> : <p className="rebuild-note">{t('No rebuild is running.')}</p>}
          <div className="rebuild-actions">
            <button type="button" className="button-primary" data-testid="switch-version" disabled={!rebuild?.caughtUp || snap.busy !== null} onClick={() => void switchVersion()}>
              {t('Switch to the new version')}
            </button>
            <button
              type="button"
              data-testid="drop-old-versions"
              disabled={(overview?.droppableVersions.length ?? 0) === 0 || snap.busy !== null}
              onClick={() => void dropOldVersions()}
            >
              {t('Drop old versions')}
              {overview && overview.droppableVersions.length > 0 ? ` (${overview.droppableVersions.join(', ')})` : ''}
            </button>
          </div>
          {snap.droppedVersions && (
            <p className="rebuild-note" role="status">
              {snap.droppedVersions.length === 0 ? t('Nothing to drop.') : t('Dropped versions: {{versions}}', { versions: snap.droppedVersions.join(', ') })}
            </p>
          )}
          {overview && (
            <>
              <div className="rebuild-period">
                <label>
                  <span>{t('First Day')}</span>
                  <input type="date" value={overview.comparison.first} onChange={(e) => setComparisonPeriod(e.target.value, overview.comparison.last)} />
                </label>
                <label>
                  <span>{t('Last Day')}</span>
                  <input type="date" value={overview.comparison.last} onChange={(e) => setComparisonPeriod(overview.comparison.first, e.target.value)} />
                </label>
              </div>
              <HeadlineComparison comparison={overview.comparison} currentVersion={overview.currentVersion} />
              {rebuilding && <p className="rebuild-note">{t('The figures of the new version grow until it has caught up.')}</p>}
            </>
          )}
        </div>
      </div>
      {overview && <ReadModelsPanel readModels={overview.readModels} />}
      <ProjectionsPanel />
    </section>
  );
}
