import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { allEntitySchemas } from '../../../../schemas/api/back-office/all-entities.ts';
import { paths } from '../../../routes/paths.ts';
import { getConsoleState, setConsoleState } from '../api/admin-console-api.ts';
import { EntityView } from './entity-view.tsx';
import { requestsView } from '../lib/typed-actions.ts';
import { RequestsView } from './requests-view.tsx';
import './admin-console.css';

/**
 * /admin (issue 18 item 6): the operators' console over every entity of the generic data pattern,
 * drawn from schemas/api/back-office/all-entities.ts, so an entity added there appears here, and
 * every typed request (all-typed-requests.ts) in its Requests view (/admin/requests). The
 * router shows it to operators only; the server refuses everyone else's calls anyway.
 */
export function AdminConsolePage({ entity }: { entity: string | undefined }) {
  const { t } = useTranslation();
  const listed = allEntitySchemas.find((e) => e.schemas.name === entity);
  const showRequests = entity === requestsView;
  const entry = listed ?? allEntitySchemas[0]!;
  // /admin alone reopens the entity the operator had open last, wherever they had it open.
  const [lastEntity, setLastEntity] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (entity !== undefined) return;
    getConsoleState().then(
      ({ state }) => setLastEntity(typeof state?.entity === 'string' ? state.entity : null),
      () => setLastEntity(null),
    );
  }, [entity]);
  useEffect(() => {
    // A preference: losing it costs a click, so a failure is not worth an alert.
    if (listed || showRequests) void setConsoleState({ entity: listed?.schemas.name ?? requestsView }).catch(() => undefined);
  }, [listed, showRequests]);
  if (entity === undefined && lastEntity === undefined) return null;
  if (entity === undefined && lastEntity && (lastEntity === requestsView || allEntitySchemas.some((e) => e.schemas.name === lastEntity))) {
    return <Redirect to={paths.adminConsole.href(lastEntity)} replace />;
  }
  return (
    <section className="admin-console" data-testid="admin-console">
      <nav className="console-side" aria-label={t('Operator console')}>
        <h2>{t('Operator console')}</h2>
        <p>
          <Link href={paths.libraryAdmin.href()}>{t('Content library')}</Link>
          <br />
          <Link href={paths.rebuild.href()}>{t('Report rebuild')}</Link>
        </p>
        <ul>
          <li>
            <Link href={paths.adminConsole.href(requestsView)} className={showRequests ? 'active' : undefined} data-testid="console-requests">
              {t('Requests')}
            </Link>
          </li>
        </ul>
        <ul>
          {allEntitySchemas.map(({ schemas }) => (
            <li key={schemas.name}>
              <Link
                href={paths.adminConsole.href(schemas.name)}
                className={!showRequests && schemas.name === entry.schemas.name ? 'active' : undefined}
                data-testid={`console-entity-${schemas.name}`}
              >
                {schemas.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed: another entity starts from a fresh filter, page and selection. */}
      {showRequests ? <RequestsView /> : <EntityView key={entry.schemas.name} entry={entry} />}
    </section>
  );
}
