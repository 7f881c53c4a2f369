import { useTranslation } from 'react-i18next';
import { hideModal } from '../../../lib/modal-stack.ts';
import { logout } from '../stores/session-store.ts';

export function LogoutModal() {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('Logout')}</h2>
      <p>{t('Do you want to log out?')}</p>
      <div className="modal-actions">
        <button type="button" onClick={hideModal}>
          {t('Cancel')}
        </button>
        <button type="button" className="button-primary" onClick={() => void logout()}>
          {t('Logout')}
        </button>
      </div>
    </>
  );
}
