import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connectivity } from '../lib/connectivity/connectivity.ts';

export function ConnectionBar() {
  const { t } = useTranslation();
  const { connected } = useSnapshot(connectivity);
  if (connected) return null;
  return (
    <div className="error-bar" role="alert">
      {t('Not connected to server.')}
    </div>
  );
}
