import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import { MessageItemView } from '../../../components/message-items/message-item-view.tsx';
import { closeItemModal, continueItemPlayback, stopItemPlayback } from '../stores/message-store.ts';
import { Dialog } from './dialog.tsx';

/** The message item modal (spec 2 section 4): the item, Stop, and Continue playback. */
export function MessageItemModal({ item, playing }: { item: MessageItem; playing: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog label={t('Message item')} onClose={closeItemModal} testId="message-item-modal">
      <MessageItemView item={{ ...item, width: '100%' }} />
      <div className="dialog-buttons">
        <button type="button" onClick={stopItemPlayback} data-testid="item-modal-stop">
          {t('Stop')}
        </button>
        {playing && (
          <button type="button" className="button-primary" onClick={continueItemPlayback} data-testid="item-modal-continue">
            {t('Continue playback')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
