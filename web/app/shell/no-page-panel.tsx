import { useTranslation } from 'react-i18next';

/** The root when no page applies to this user: say so rather than show nothing. */
export function NoPagePanel() {
  const { t } = useTranslation();
  return (
    <section className="not-built">
      <p>{t('No page is available for this user.')}</p>
    </section>
  );
}
