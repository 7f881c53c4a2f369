import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { allEntitySchemas } from '../../../../schemas/api/back-office/all-entities.ts';
import { paths } from '../../../routes/paths.ts';
import { EntityView } from './entity-view.tsx';
import './admin-console.css';

/**
 * /admin (issue 18 item 6): the operators' console over every entity of the generic data pattern,
 * drawn from schemas/api/back-office/all-entities.ts, so an entity added there appears here. The
 * router shows it to operators only; the server refuses everyone else's calls anyway.
 */
export default function AdminConsolePage({ entity }: { entity: string | undefined }) {
  const { t } = useTranslation();
  const entry = allEntitySchemas.find((e) => e.schemas.name === entity) ?? allEntitySchemas[0]!;
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
          {allEntitySchemas.map(({ schemas }) => (
            <li key={schemas.name}>
              <Link
                href={paths.adminConsole.href(schemas.name)}
                className={schemas.name === entry.schemas.name ? 'active' : undefined}
                data-testid={`console-entity-${schemas.name}`}
              >
                {schemas.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed: another entity starts from a fresh filter, page and selection. */}
      <EntityView key={entry.schemas.name} entry={entry} />
    </section>
  );
}
