import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import type { RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { MessageItemView } from '../../../components/message-items/message-item-view.tsx';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { formatDateTime, formatLength, formatTime, toDataDay } from '../../../lib/format.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { next, playerState, previous } from '../../../lib/player/player-store.ts';
import { paths } from '../../../routes/paths.ts';
import { audioOf, itemsOf, keyOf, loadTodays, playAll, playItem, playingItemId, radioItems, resetTodays, todays, toggleSelected, type TodaysItem } from '../stores/todays-store.ts';
import './todays-messages.css';

// Today's messages (spec 2 section 2): the active recommendation messages as title rows with
// "Play all" and their times, their items with checkboxes; Play all, Previous, Next and Reset over
// the selected items. Audio items play through the one player; the others are drawn as the message
// view draws them (web/components/message-items). The
// radio recipe of the day (spec 2 section 1) is the last title row: its Radio items with lengths.

/** When a title row is active: from (and until), the day left out when it is today. */
function timesOf(time: string | null, expireTime: string | null, sentTime: string | null, timeZone: string): string {
  const today = toDataDay(new Date(), timeZone);
  const at = (instant: string) => (toDataDay(instant, timeZone) === today ? formatTime(instant, timeZone) : formatDateTime(instant, timeZone));
  const from = time ?? sentTime;
  return [from ? at(from) : '', expireTime ? at(expireTime) : ''].filter(Boolean).join(' – ');
}

export function TodaysMessagesPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(todays);
  const player = useSnapshot(playerState);
  const timeZone = user.config.timeZone;
  const playingId = playingItemId(player, snap.queue);

  useEffect(() => {
    void loadTodays();
  }, []);
  // The link of this page clicked again: asks, then clears the selection and what plays (Reset).
  useEffect(
    () =>
      onNavReselect((route) => {
        if (route !== 'todaysMessages' || (todays.selectedItems.length === 0 && todays.activeItemId === null)) return false;
        if (window.confirm(t('Do you want to reset the page?'))) resetTodays();
        return true;
      }),
    [t],
  );

  if (snap.status === 'loading' && snap.titles.length === 0) return <section className="todays-messages" aria-busy="true" />;
  if (snap.status === 'failed') {
    return (
      <section className="todays-messages" data-testid="todays-messages">
        <Alert kind="error">{t("Today's messages could not be loaded.")}</Alert>
        <button type="button" onClick={() => void loadTodays()}>
          {t('Try again')}
        </button>
      </section>
    );
  }

  // Search and Add Content to Favorites: with contentSearchModal and a recommendation the user may change.
  const modifiable = snap.titles.some((m) => m.canModify || m.recipientCanModify);
  const searchButton = user.config.contentSearchModal && modifiable && user.config.search;
  const hasAudio = snap.items.some((i) => audioOf(i as TodaysItem) !== null);
  const radio = radioItems();

  if (snap.titles.length === 0 && !snap.radio) {
    return (
      <section className="todays-messages" data-testid="todays-messages">
        <h2>{t('Todays messages')}</h2>
        <div className="todays-empty" data-testid="todays-empty">
          <p className="todays-empty-title">{t('No messages for today')}</p>
          <p>{t('When the care unit recommends something for today, it appears here. Meanwhile you can listen to your favorites or search for content.')}</p>
          <div className="todays-empty-links">
            {user.config.favorites && (
              <Link href={paths.favorites.href()} className="button-primary">
                {t('Favorites')}
              </Link>
            )}
            {user.config.search && <Link href={paths.search.href()}>{t('Search')}</Link>}
            {user.config.messages && <Link href={paths.messages.href()}>{t('Messages')}</Link>}
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="todays-messages" data-testid="todays-messages">
      <div className="todays-toolbar">
        <h2>{t('Todays messages')}</h2>
        <div className="todays-controls">
          <button type="button" className="button-primary" disabled={!hasAudio} onClick={() => playAll()} data-testid="todays-play-all">
            {t('Play all')}
          </button>
          <button type="button" disabled={playingId === null} onClick={() => void previous()} data-testid="todays-previous">
            {t('Previous')}
          </button>
          <button type="button" disabled={playingId === null} onClick={() => void next()} data-testid="todays-next">
            {t('Next')}
          </button>
          <button type="button" onClick={resetTodays} data-testid="todays-reset">
            {t('Reset')}
          </button>
        </div>
      </div>
      {searchButton && (
        <Link href={paths.search.href()} className="todays-search" data-testid="todays-search">
          {t('Search and Add Content to Favorites')}
        </Link>
      )}
      {snap.titles.map((message, index) => {
        const rowItems = itemsOf(message.id);
        const rowHasAudio = rowItems.some((i) => audioOf(i) !== null);
        return (
          <article key={message.id} className="todays-title" data-testid="todays-title" data-index={index}>
            <header className="todays-title-row">
              <div className="todays-title-text">
                <h3>{message.title}</h3>
                <span className="todays-times">
                  {timesOf(message.time, message.expireTime, message.sentTime, timeZone)}
                  {message.senderName ? ` · ${message.senderName}` : ''}
                </span>
              </div>
              <button type="button" disabled={!rowHasAudio} onClick={() => playAll(message.id)} data-testid="todays-title-play-all">
                {t('Play all')}
              </button>
            </header>
            <ul className="todays-items">
              {rowItems.map((item) => (
                <MessageItemRow key={item.id} item={item} selected={snap.selectedItems.includes(item.id)} playing={playingId === item.id} />
              ))}
              {rowItems.length === 0 && <li className="todays-item-empty">{t('No items')}</li>}
            </ul>
          </article>
        );
      })}
      {snap.radio && (
        <article className="todays-title todays-radio" data-testid="todays-radio">
          <header className="todays-title-row">
            <div className="todays-title-text">
              <h3>{t('Radio of the day: {{name}}', { name: snap.radio.name })}</h3>
              <span className="todays-times">{formatLength(radio.reduce((sum, i) => sum + i.length, 0))}</span>
            </div>
            <button type="button" disabled={!radio.some((i) => audioOf(i) !== null)} onClick={() => playAll('radio')} data-testid="todays-radio-play-all">
              {t('Play all')}
            </button>
          </header>
          <ul className="todays-items">
            {radio.map((item) => (
              <RadioItemRow key={item.id} item={item} selected={snap.selectedItems.includes(keyOf(item))} playing={playingId === keyOf(item)} />
            ))}
          </ul>
        </article>
      )}
    </section>
  );
}

function RadioItemRow({ item, selected, playing }: { item: RecipeItem; selected: boolean; playing: boolean }) {
  const { t } = useTranslation();
  const audio = audioOf(item);
  return (
    <li className={`todays-item${playing ? ' playing' : ''}${selected ? ' selected' : ''}`} data-testid="todays-radio-item" data-type={item.type}>
      <input type="checkbox" checked={selected} onChange={() => toggleSelected(keyOf(item))} aria-label={t('Select')} data-testid="todays-item-select" />
      <div className="todays-item-body">
        <span className="todays-item-name">{item.audioFileName}</span>
        <span className="todays-item-meta">{[item.artist, audio ? formatLength(item.length) : t('Not available')].filter(Boolean).join(' · ')}</span>
      </div>
      <button type="button" className="play-button" disabled={!audio} onClick={() => playItem(item)} aria-label={t('Play')} data-testid="todays-item-play">
        ▶
      </button>
    </li>
  );
}

function MessageItemRow({ item, selected, playing }: { item: MessageItem; selected: boolean; playing: boolean }) {
  const { t } = useTranslation();
  const audio = audioOf(item);
  const name = audio?.name ?? item.audioFileName;
  return (
    <li className={`todays-item${playing ? ' playing' : ''}${selected ? ' selected' : ''}`} data-testid="todays-item" data-type={item.type}>
      <input type="checkbox" checked={selected} onChange={() => toggleSelected(item.id)} aria-label={t('Select')} data-testid="todays-item-select" />
      <div className="todays-item-body">
        {item.type === 'AudioFile' ? (
          <>
            <span className="todays-item-name">{name ?? t('Audio file')}</span>
            <span className="todays-item-meta">
              {[item.contentType ? t(contentTypeKey(item.contentType)) : null, audio ? formatLength(audio.length) : t('Not available')].filter(Boolean).join(' · ')}
            </span>
          </>
        ) : (
          <MessageItemView item={item} />
        )}
      </div>
      {item.type === 'AudioFile' && (
        <button type="button" className="play-button" disabled={!audio} onClick={() => playItem(item)} aria-label={t('Play')} data-testid="todays-item-play">
          ▶
        </button>
      )}
    </li>
  );
}
