import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { loading } from '../lib/loading.ts';

export function SpinnerMask() {
  const { t } = useTranslation();
  const { pending } = useSnapshot(loading);
  if (pending === 0) return null;
  return (
    <div className="spinner-mask" role="status" aria-live="polite">
      <div className="spinner" />
      <span className="visually-hidden">{t('Loading...')}</span>
    </div>
  );
}
