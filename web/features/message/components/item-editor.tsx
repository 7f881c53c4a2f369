import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { itemWidths, minIframeHeight } from '../../../../schemas/api/message-item-limits.ts';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import { messageItemTypes } from '../../../../schemas/events/message-item-types.ts';
import { searchAudioFiles, searchRecipes, getFavoriteLists } from '../api/item-choices.ts';
import { changeItem, editItem, messageView, parseIframeHeight, removeItem } from '../stores/message-store.ts';
import { isMediaItem } from '../../../components/message-items/message-item-view.tsx';

// The item editor (spec 2 sections 4 to 6): the width (25/50/75/100 %), with advancedMessaging the
// type and the content of that type (HTML, address, frame height, an audio file, recipe or
// favorite list found by search), for administrators Track Clicks and the content type; delete.

const contentTypes = ['Game', 'Music', 'SingAlong', 'Exercise', 'Theme', 'AudioBook', 'Spiritual', 'News', 'Story', 'BodyAndMind'] as const;
const htmlTypes: readonly MessageItem['type'][] = ['InlineHTML', 'InlineHTMLTrack', 'Question', 'Link'];

export interface ItemEditorProps {
  item: MessageItem;
  advanced: boolean;
  admin: boolean;
  /** Upload again: the attach-file control, called with what to do with the new file's id. */
  renderAttachFile?: (onUploaded: (fileId: number) => void) => ReactNode;
}

export function ItemEditor({ item, advanced, admin, renderAttachFile }: ItemEditorProps) {
  const { t } = useTranslation();
  const { busy } = useSnapshot(messageView);
  const [html, setHtml] = useState(item.html ?? '');
  const [url, setUrl] = useState(item.url ?? '');
  const [height, setHeight] = useState(String(item.iframeHeight ?? minIframeHeight));
  useEffect(() => {
    setHtml(item.html ?? '');
    setUrl(item.url ?? '');
    setHeight(String(item.iframeHeight ?? minIframeHeight));
  }, [item.html, item.url, item.iframeHeight]);
  const save = (change: Parameters<typeof changeItem>[1]) => void changeItem(item.id, change);

  return (
    <div className="item-editor" data-testid="item-editor">
      <div className="item-editor-row">
        {advanced && (
          <label>
            {t('Type')}
            <select value={item.type} disabled={busy} onChange={(e) => {
              const type = messageItemTypes.find((known) => known === e.target.value);
              if (type) save({ type });
            }} data-testid="item-type">
              {messageItemTypes.map((type) => (
                <option key={type} value={type}>
                  {t(type)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t('Width')}
          <select value={item.width ?? '100%'} disabled={busy} onChange={(e) => save({ width: itemWidths.find((w) => w === e.target.value) ?? '100%' })} data-testid="item-width">
            {itemWidths.map((w) => (
              <option key={w} value={w}>
                {w.replace('%', ' %')}
              </option>
            ))}
          </select>
        </label>
        {admin && (
          <>
            <label>
              <input type="checkbox" checked={item.trackClicks} disabled={busy} onChange={(e) => save({ trackClicks: e.target.checked })} data-testid="item-track-clicks" />
              {t('Track Clicks')}
            </label>
            <label>
              {t('Content type')}
              <select value={item.contentType ?? ''} disabled={busy} onChange={(e) => save({ contentType: e.target.value || null })} data-testid="item-content-type">
                <option value="">–</option>
                {contentTypes.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>

      {htmlTypes.includes(item.type) && item.type !== 'Link' && advanced && (
        <div className="item-editor-row column">
          <label htmlFor={`item-html-${item.id}`}>{t('Text (HTML)')}</label>
          <textarea id={`item-html-${item.id}`} rows={5} value={html} onChange={(e) => setHtml(e.target.value)} data-testid="item-html" />
          <button type="button" disabled={busy || html === (item.html ?? '')} onClick={() => save({ html: html || null })} data-testid="item-save-html">
            {t('Save')}
          </button>
        </div>
      )}
      {(item.type === 'Link' || item.type === 'IFrame' || (item.type === 'Image' && item.fileId === null)) && (
        <div className="item-editor-row">
          <label>
            {t('Address')}
            <input type="url" value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} data-testid="item-url" />
          </label>
          {item.type === 'IFrame' && (
            <label>
              {t('Height')}
              <input type="number" min={minIframeHeight} step={1} value={height} onChange={(e) => setHeight(e.target.value)} data-testid="item-iframe-height" />
            </label>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() => save({ url: url || null, ...(item.type === 'IFrame' ? { iframeHeight: parseIframeHeight(height, item.iframeHeight ?? null) } : {}) })}
            data-testid="item-save-url"
          >
            {t('Save')}
          </button>
        </div>
      )}
      {item.type === 'AudioFile' && <ContentSearch kind="audio" onChoose={(id) => save({ audioFileId: id })} />}
      {item.type === 'Recipe' && <ContentSearch kind="recipe" onChoose={(id) => save({ recipeId: id })} />}
      {item.type === 'FavoriteList' && <FavoriteListChoice value={item.userTagGroupId ?? null} onChoose={(id) => save({ userTagGroupId: id })} />}
      {isMediaItem(item) && renderAttachFile && <div className="item-editor-row">{renderAttachFile((fileId) => save({ fileId }))}</div>}

      <div className="item-editor-row">
        <button type="button" className="button-danger" disabled={busy} onClick={() => void removeItem(item.id)} data-testid="item-delete">
          {t('Delete')}
        </button>
        <button type="button" onClick={() => editItem(null)} data-testid="item-editor-close">
          {t('Close')}
        </button>
      </div>
    </div>
  );
}

/** Searches audio files or recipes by text and offers the first twenty. */
function ContentSearch({ kind, onChoose }: { kind: 'audio' | 'recipe'; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ id: number; name: string }[] | null>(null);
  const search = async () => {
    try {
      setFound(kind === 'audio' ? (await searchAudioFiles({ query: text ? `*${text}*` : undefined, limit: 20 })).items.map((f) => ({ id: f.id, name: f.name })) : await searchRecipes(text));
    } catch {
      setFound([]);
    }
  };
  return (
    <div className="item-editor-row column">
      <form
        className="item-search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} aria-label={kind === 'audio' ? t('Search audio files') : t('Search recipes')} data-testid="item-search" />
        <button type="submit">{t('Search')}</button>
      </form>
      {found && found.length === 0 && <p className="message-muted">{t('Nothing found')}</p>}
      {found && found.length > 0 && (
        <ul className="item-search-results">
          {found.map((f) => (
            <li key={f.id}>
              <button type="button" onClick={() => onChoose(f.id)} data-testid="item-search-result">
                {f.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FavoriteListChoice({ value, onChoose }: { value: number | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  const [lists, setLists] = useState<{ id: number; name: string }[] | null>(null);
  useEffect(() => {
    getFavoriteLists()
      .then((all) => setLists(all.filter((l) => l.id > 0).map((l) => ({ id: l.id, name: l.name }))))
      .catch(() => setLists([]));
  }, []);
  return (
    <div className="item-editor-row">
      <label>
        {t('Favorite list')}
        <select value={value ?? ''} onChange={(e) => e.target.value && onChoose(Number(e.target.value))} data-testid="item-favorite-list">
          <option value="">–</option>
          {(lists ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
