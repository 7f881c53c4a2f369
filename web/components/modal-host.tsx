import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { hideModal, modalStack, type ModalName } from '../lib/modal-stack.ts';
import { PageLoading } from './page-loading.tsx';

export type ModalRegistry = Partial<Record<ModalName, ComponentType<{ props: Record<string, unknown> }>>>;

/** Renders the whole stack, the top modal last so it sits above the others. */
export function ModalHost({ registry }: { registry: ModalRegistry }) {
  const { t } = useTranslation();
  const { stack } = useSnapshot(modalStack);
  return (
    <>
      {stack.map((entry, index) => {
        const Body = registry[entry.name];
        return (
          <div className="modal-backdrop" key={index} data-modal={entry.name}>
            <div className="modal" role="dialog" aria-modal="true" aria-label={entry.name}>
              <button type="button" className="modal-close" aria-label={t('Close')} onClick={hideModal}>
                ×
              </button>
              {Body ? (
                // A window loaded on first opening shows a spinner inside its frame meanwhile.
                <Suspense fallback={<PageLoading />}>
                  <Body props={entry.props as Record<string, unknown>} />
                </Suspense>
              ) : (
                <p className="not-built">{t('This window is not built yet: {{name}}', { name: entry.name })}</p>
              )}
            </div>
          </div>
        );
      })}
    </>
  );
}
