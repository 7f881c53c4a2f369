import { useTranslation } from 'react-i18next';
import { fileViewKind, vimeoEmbedUrl } from './modals/modal-rules.ts';
import './modals/content-modals.css';

export interface ViewedFile {
  /** Where the file is read (GET /api/file/{id}, or an object URL). */
  src: string;
  contentType?: string | null;
  fileName?: string | null;
  vimeoLink?: string | null;
  /** Where the download link points; default src with download=1 for a stored file. */
  downloadHref?: string;
}

/** The file viewer of spec 1 section 2: image, vimeo video, mp4 video, audio, or a download link. */
export function FileViewer({ file, maxHeight }: { file: ViewedFile; maxHeight?: number | null }) {
  const { t } = useTranslation();
  const style = maxHeight ? { maxHeight } : undefined;
  const name = file.fileName ?? file.src.split('/').pop() ?? '';
  switch (fileViewKind(file)) {
    case 'image':
      return <img className="file-viewer-media" src={file.src} alt={file.fileName ?? ''} style={style} data-testid="file-viewer-image" />;
    case 'vimeo':
      return <iframe className="file-viewer-vimeo" src={vimeoEmbedUrl(file.vimeoLink)!} title={name} allow="autoplay; fullscreen" allowFullScreen data-testid="file-viewer-vimeo" />;
    case 'video':
      return <video className="file-viewer-media" src={file.src} controls style={style} data-testid="file-viewer-video" />;
    case 'audio':
      return <audio src={file.src} controls data-testid="file-viewer-audio" />;
    case 'download': {
      const href = file.downloadHref ?? (file.src.startsWith('/api/file/') ? `${file.src}?download=1` : file.src);
      return (
        <a href={href} download={file.fileName ?? true} data-testid="file-viewer-download">
          {t('No preview available for {{name}}. Click to download.', { name })}
        </a>
      );
    }
  }
}
