import { useTranslation } from 'react-i18next';

/** UnitNewsModal: placeholder text only (spec 2 section 7, spec 3 section 2). */
export function UnitNewsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop" data-modal="UnitNewsModal">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('Unit news')}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <h2>{t('Unit news')}</h2>
        <p>{t('News for the units will be shown here.')}</p>
        <div className="modal-actions">
          <button type="button" className="button-primary" onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      </div>
    </div>
  );
}
