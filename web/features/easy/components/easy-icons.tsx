import type { ReactNode } from 'react';

// The easy screen's icons, drawn inline: a tablet's browser may have no emoji or media-symbol font.

type IconName = 'play' | 'pause' | 'previous' | 'next' | 'like' | 'dislike' | 'note';

// Thumb: the Material Design "thumb_up" shape (Apache 2.0); dislike is the same turned over.
const thumb = 'M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z';

const shapes: Record<IconName, ReactNode> = {
  play: <path d="M8 5v14l11-7z" />,
  pause: <path d="M6 5h4v14H6zm8 0h4v14h-4z" />,
  previous: <path d="M6 6h2v12H6zm3.5 6 8.5 6V6z" />,
  next: <path d="M16 6h2v12h-2zM6 18l8.5-6L6 6z" />,
  like: <path d={thumb} />,
  dislike: <path d={thumb} transform="rotate(180 12 12)" />,
  note: <path d="M12 3v10.55A4 4 0 1 0 14 17V7h4V3h-6z" />,
};

export function EasyIcon({ name, size = 32 }: { name: IconName; size?: number }) {
  return (
    <svg className="easy-icon" width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {shapes[name]}
    </svg>
  );
}
