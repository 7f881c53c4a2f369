import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import { isMediaItem, MessageItemView } from '../../../components/message-items/message-item-view.tsx';
import type { ScoreValue } from '../api/item-use.ts';
import { addItem, audioOf, editItem, evaluateItem, messageView, moveItem, openItem, playAt, type MessageRights } from '../stores/message-store.ts';
import { ItemEditor } from './item-editor.tsx';

// One item of the message: the item, its controls for those who edit it (the editor; with
// advancedMessaging move up and down and add after), and its evaluation buttons.

const scoreLooks: { score: ScoreValue; colour: string; label: string }[] = [
  { score: 1, colour: 'green', label: 'Liked' },
  { score: 0, colour: 'orange', label: 'Neutral' },
  { score: -1, colour: 'red', label: 'Did not like' },
];

/** A new item from the add controls: an empty text for advanced editors to fill. */
export const newItem = { type: 'InlineHTML' as const, html: null };

export interface MessageItemRowProps {
  item: MessageItem;
  index: number;
  count: number;
  rights: MessageRights;
  admin: boolean;
  evaluate: boolean;
  renderAttachFile?: (onUploaded: (fileId: number) => void) => ReactNode;
}

export function MessageItemRow({ item, index, count, rights, admin, evaluate, renderAttachFile }: MessageItemRowProps) {
  const { t } = useTranslation();
  const { editingItemId, playIndex, evaluations, busy } = useSnapshot(messageView);
  const editing = editingItemId === item.id;
  const inlineHtml = item.type === 'InlineHTML' || item.type === 'InlineHTMLTrack';
  const editable = rights.editItems && (rights.editInlineHtml || !inlineHtml);
  const audio = audioOf(item);
  const chosen = evaluations[item.id]?.score;
  // Only clicks of trackClicks items are counted (spec 2 section 6: the admin-only option).
  const onOpen = item.trackClicks ? () => openItem(item) : undefined;
  return (
    <li className={`message-item-row${editing ? ' editing' : ''}`} data-testid="message-item" data-type={item.type} data-item-id={item.id}>
      <MessageItemView item={item} playing={playIndex === index} onPlay={audio ? () => playAt(index) : null} onOpen={onOpen} />
      {evaluate && (
        <div className="evaluation-buttons" role="group" aria-label={t('Rating')} data-testid="item-evaluation" data-score={chosen ?? ''}>
          {scoreLooks.map(({ score, colour, label }) => (
            <button
              key={score}
              type="button"
              className={`evaluation evaluation-${colour}`}
              aria-pressed={chosen === score}
              aria-label={t(label)}
              title={t(label)}
              disabled={busy}
              onClick={() => void evaluateItem(item.id, score)}
              data-testid={`item-evaluate-${score}`}
            />
          ))}
        </div>
      )}
      {editable && (
        <div className="item-controls">
          <button type="button" onClick={() => editItem(editing ? null : item.id)} data-testid="item-edit">
            {isMediaItem(item) ? t('Resize, Upload Again or Delete') : t('Edit')}
          </button>
          {rights.advanced && (
            <>
              <button type="button" disabled={busy || index === 0} onClick={() => void moveItem(item.id, -1)} aria-label={t('Move up')} title={t('Move up')} data-testid="item-move-up">
                ↑
              </button>
              <button type="button" disabled={busy || index === count - 1} onClick={() => void moveItem(item.id, 1)} aria-label={t('Move down')} title={t('Move down')} data-testid="item-move-down">
                ↓
              </button>
              <button type="button" disabled={busy} onClick={() => void addItem(newItem, index + 1)} data-testid="item-add-after">
                {t('Add item after')}
              </button>
            </>
          )}
        </div>
      )}
      {editing && editable && <ItemEditor item={item} advanced={rights.advanced} admin={admin} renderAttachFile={renderAttachFile} />}
    </li>
  );
}
