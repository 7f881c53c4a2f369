import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal of this page in the app's modal frame (the shell's stack holds the app-wide ones). */
export function Dialog({ label, onClose, children, testId }: { label: string; onClose: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop" data-modal={testId}>
      <div className="modal message-dialog" role="dialog" aria-modal="true" aria-label={label} data-testid={testId}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        <h3>{label}</h3>
        {children}
      </div>
    </div>
  );
}
