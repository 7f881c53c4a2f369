// Pure rules of the content modals and the file viewer (spec 1 sections 2 and 9, spec 2 section 7),
// kept apart so they are unit tested.

/** Spec 2: under this window height the big image is held to the window. */
export const bigImageWindowBreak = 768;
/** Spec 2: what the big image leaves of a short window (the frame and its close button). */
export const bigImageWindowMargin = 150;
/** Spec 1 section 9: the least height of an iframe. */
export const minIframeHeight = 600;

/** The big image's max height: the window height minus 150 when the window is under 768 px; else none. */
export function bigImageMaxHeight(windowHeight: number): number | null {
  return windowHeight < bigImageWindowBreak ? Math.max(windowHeight - bigImageWindowMargin, 0) : null;
}

/** An iframe's height: the asked height, never under 600 (also its default). */
export function iframeHeight(asked: unknown): number {
  const value = typeof asked === 'number' ? asked : typeof asked === 'string' ? Number.parseInt(asked, 10) : Number.NaN;
  return Number.isFinite(value) && value > minIframeHeight ? Math.round(value) : minIframeHeight;
}

export type FileViewKind = 'image' | 'vimeo' | 'video' | 'audio' | 'download';

/** What the file viewer shows: image, vimeo video, mp4 video, audio, or else a download link. */
export function fileViewKind(file: { contentType?: string | null; vimeoLink?: string | null; fileName?: string | null }): FileViewKind {
  if (vimeoEmbedUrl(file.vimeoLink)) return 'vimeo';
  const type = (file.contentType ?? '').toLowerCase();
  const name = (file.fileName ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'video/mp4' || (type === '' && name.endsWith('.mp4'))) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'download';
}

/** The player address of a vimeo link ('https://vimeo.com/123', 'vimeo.com/123/abc', a bare id); null for anything else. */
export function vimeoEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  const trimmed = link.trim();
  const match = /^(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)(?:\/([0-9a-f]+))?\/?(?:[?#].*)?$/i.exec(trimmed) ?? /^(\d+)$/.exec(trimmed);
  if (!match) return null;
  const hash = match[2] ? `?h=${match[2]}` : '';
  return `https://player.vimeo.com/video/${match[1]}${hash}`;
}

/** Values handed to a modal are untyped: these read them or give null. */
export const numberProp = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
export const stringProp = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
