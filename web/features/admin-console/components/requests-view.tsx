import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { allTypedRequests, typedRequestTypes, type TypedRequestType } from '../../../../schemas/api/back-office/all-typed-requests.ts';
import { paths } from '../../../routes/paths.ts';
import { typedRequestDocs, type TypedRequestDoc } from '../api/admin-console-api.ts';
import { entitiesOf, requestsView } from '../lib/typed-actions.ts';
import { TypedActionForm } from './typed-action-form.tsx';

const requestHref = (type: string) => `${paths.adminConsole.href(requestsView)}?type=${encodeURIComponent(type)}`;

/**
 * Every typed request of the catalogue (allTypedRequests), searchable by its type, what it does
 * and the entities it acts on; the chosen one (`?type=`) opens its form drawn from its props
 * schema, with the server's own sentences of what it does and who may send it. Requests whose
 * input the console cannot give (a reset code from an e-mail) are sent all the same: the server
 * decides, and its answer or error is shown.
 */
export function RequestsView() {
  const { t } = useTranslation();
  const chosen = new URLSearchParams(useSearch()).get('type');
  const type = chosen && chosen in allTypedRequests ? (chosen as TypedRequestType) : null;
  const [search, setSearch] = useState('');
  const [docs, setDocs] = useState<Record<string, TypedRequestDoc> | null>(null);
  useEffect(() => {
    // Without the descriptions the list and the forms still work: only the sentences are missing.
    typedRequestDocs().then(setDocs, () => setDocs({}));
  }, []);

  const found = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return typedRequestTypes.filter((name) => {
      const text = [name, docs?.[name]?.effect ?? '', ...entitiesOf(name)].join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [search, docs]);
  const doc = type ? docs?.[type] : undefined;

  return (
    <div className="console-entity console-requests" data-testid="requests-view">
      <h3>{t('Requests')}</h3>
      <p className="console-note">{t('Every typed request of the catalogue (POST /api/requests/{type}); the server decides who may run each one.')}</p>
      <div className="console-main">
        <div className="console-request-list">
          <input
            type="search"
            value={search}
            placeholder={t('Search requests')}
            aria-label={t('Search requests')}
            data-testid="request-search"
            onChange={(e) => setSearch(e.target.value)}
          />
          <p data-testid="request-count">{t('Requests found: {{count}} / {{total}}', { count: found.length, total: typedRequestTypes.length })}</p>
          <ul>
            {found.map((name) => (
              <li key={name}>
                <Link href={requestHref(name)} className={name === type ? 'active' : undefined} data-testid={`request-${name}`}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {type ? (
          <section className="console-detail console-request" data-testid="request-detail">
            <h4>{type}</h4>
            <dl className="console-details">
              <div>
                <dt>{t('What it does')}</dt>
                <dd data-testid="request-effect">{doc?.effect ?? (docs ? '' : t('Loading...'))}</dd>
              </div>
              <div>
                <dt>{t('Who may run it')}</dt>
                <dd data-testid="request-permission">{doc?.permission ?? ''}</dd>
              </div>
              {entitiesOf(type).length > 0 && (
                <div>
                  <dt>{t('Also among the actions of')}</dt>
                  <dd>
                    {entitiesOf(type).map((entity, index) => (
                      <span key={entity}>
                        {index > 0 && ', '}
                        <Link href={paths.adminConsole.href(entity)}>{entity}</Link>
                      </span>
                    ))}
                  </dd>
                </div>
              )}
            </dl>
            {/* Keyed: another request starts from an empty form and no answer. */}
            <TypedActionForm key={type} action={{ type, props: allTypedRequests[type] }} rowId={null} onDone={() => undefined} />
          </section>
        ) : (
          <p className="console-detail">{t('Choose a request to see what it does and run it.')}</p>
        )}
      </div>
    </div>
  );
}
