import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog of the messenger, in the look of the shell's modals (web/components/modal-host.tsx). */
export function LocalModal({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={label}>
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>
  );
}
