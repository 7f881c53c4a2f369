import { useTranslation } from 'react-i18next';

/** Loading and empty states of a report section (a failure is logged and reads as empty). */
export function SectionState({ status }: { status: 'loading' | 'failed' | 'loaded' }) {
  const { t } = useTranslation();
  return (
    <p className="report-empty" data-testid={status === 'loading' ? 'section-loading' : 'section-empty'}>
      {status === 'loading' ? t('Loading...') : t('No data for this period.')}
    </p>
  );
}
