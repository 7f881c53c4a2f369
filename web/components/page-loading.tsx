import { useTranslation } from 'react-i18next';

/** What shows while a page's script arrives: a spinner where the page will be, not a blank screen. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <div className="spinner" />
      <span className="visually-hidden">{t('Loading...')}</span>
    </div>
  );
}
