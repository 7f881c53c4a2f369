import { useTranslation } from 'react-i18next';

/** Shown for every page or window that is not built yet, so no route is ever a blank screen. */
export function NotBuiltPanel({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section className="not-built" data-testid="not-built">
      <h2>{t(name)}</h2>
      <p>{t('This page is not built yet: {{name}}', { name: t(name) })}</p>
    </section>
  );
}
