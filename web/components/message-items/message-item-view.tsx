import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../schemas/api/messages.ts';
import { frameOf, safeUrl } from '../../lib/iframe-hosts.ts';
import { showModal } from '../../lib/modal-stack.ts';
import { sanitizeHtml } from '../../lib/safe-html.ts';
import { paths } from '../../routes/paths.ts';
import './message-items.css';

// One message item of any type (spec 2 section 3), as the single message view and the messenger
// show it: media at its width with at most 500 px height, audio with a play button for the one
// player, sanitised inline HTML, a frame at its height, a favorite list, a recipe, a link.

/** Spec 2 section 9: media in messages is at most 500 px high. */
export const maxMediaHeightPx = 500;
/** Spec 2 section 9: the least height of an IFrame item. */
export const minIframeHeightPx = 600;

export const fileUrl = (fileId: number) => `/api/file/${fileId}`;

export const isMediaItem = (item: Pick<MessageItem, 'type'>) => item.type === 'MediaFile' || item.type === 'Image';

export interface MessageItemViewProps {
  item: MessageItem;
  /** The item plays now (playback within the message). */
  playing?: boolean;
  /** Plays an AudioFile item; absent or null: it cannot play (no stream). */
  onPlay?: (() => void) | null;
  /** A click on the item's content (a trackClicks item's click is logged by the caller). */
  onOpen?: () => void;
}

export function MessageItemView({ item, playing = false, onPlay, onOpen }: MessageItemViewProps) {
  const width = item.width ?? '100%';
  return (
    <div className={`message-item-view message-item-${item.type}${playing ? ' playing' : ''}`} data-testid="message-item-view" data-type={item.type} style={{ width }}>
      <ItemContent item={item} onPlay={onPlay} onOpen={onOpen} />
    </div>
  );
}

function ItemContent({ item, onPlay, onOpen }: Omit<MessageItemViewProps, 'playing'>): ReactNode {
  const { t } = useTranslation();
  switch (item.type) {
    case 'MediaFile':
    case 'Image': {
      const src = item.fileId !== null ? fileUrl(item.fileId) : safeUrl(item.url);
      if (!src) return <span className="message-item-missing">{t('No file')}</span>;
      const contentType = item.fileContentType ?? (item.type === 'Image' ? 'image/' : '');
      if (contentType.startsWith('image/')) return <img src={src} alt={item.fileName ?? ''} style={{ maxHeight: maxMediaHeightPx }} onClick={onOpen} />;
      if (contentType.startsWith('video/')) return <video src={src} controls style={{ maxHeight: maxMediaHeightPx }} onPlay={onOpen} />;
      return (
        <a href={item.fileId !== null ? `${src}?download=1` : src} onClick={onOpen} download={item.fileName ?? true}>
          {item.fileName ?? t('Download file')}
        </a>
      );
    }
    case 'AudioFile':
      return (
        <div className="message-item-audio">
          <button type="button" className="play-button" disabled={!onPlay} onClick={onPlay ?? undefined} aria-label={t('Play')} data-testid="message-item-play">
            ▶
          </button>
          <span>{item.audioFileName ?? t('Audio file')}</span>
        </div>
      );
    case 'InlineHTML':
    case 'InlineHTMLTrack':
    case 'Question':
      return <div className="message-item-html" onClick={onOpen} dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.html ?? '') }} />;
    case 'IFrame': {
      const frame = frameOf(item.url);
      // The page in the message, and the whole window for it (the IFrame modal, spec 1 section 2).
      if (!frame) return <span className="message-item-missing">{safeUrl(item.url) ? t('This page cannot be shown in a message') : t('No address')}</span>;
      return (
        <div className="message-item-iframe">
          <iframe src={frame.src} title={frame.src} height={item.iframeHeight ?? minIframeHeightPx} sandbox={frame.sandbox} />
          <button type="button" data-testid="iframe-full-screen" onClick={() => showModal('IFrame', { url: frame.src, title: frame.src, height: item.iframeHeight })}>
            {t('Full screen')}
          </button>
        </div>
      );
    }
    case 'FavoriteList':
      return (
        <a href={paths.favorites.href()} onClick={onOpen}>
          {t('Favorite list')}: {item.userTagGroupName ?? t('Not available')}
        </a>
      );
    case 'Recipe':
      return item.recipeId !== null ? (
        <a href={paths.recipe.href(item.recipeId)} onClick={onOpen}>
          {t('Recipe')}: {item.recipeName ?? item.recipeId}
        </a>
      ) : (
        <span className="message-item-missing">{t('Not available')}</span>
      );
    case 'Link': {
      const href = safeUrl(item.url);
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
          {item.html ? <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.html) }} /> : href}
        </a>
      ) : (
        <span className="message-item-missing">{t('No address')}</span>
      );
    }
    default: {
      const unexpected: never = item.type;
      return unexpected;
    }
  }
}
