import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudioFile } from '../../../schemas/api/library.ts';
import { formatLength } from '../../lib/format.ts';
import { showModal } from '../../lib/modal-stack.ts';
import { getAudioFile } from './get-audio-file.ts';
import { sanitizeHtml } from '../../lib/safe-html.ts';
import { numberProp } from './modal-rules.ts';
import './content-modals.css';

/** Spec 1 section 9: cover thumbnails are 250 px wide. */
const thumbnailWidth = 250;

type Loaded = { state: 'loading' } | { state: 'found'; file: AudioFile } | { state: 'missing' };

/** AUDIO_FILE_INFO: what the library says of a piece or program; its cover opens SHOW_BIG_IMAGE. */
export function AudioFileInfoModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const id = numberProp(props.audioFileId);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    getAudioFile(id).then(
      (file) => live && setLoaded(file ? { state: 'found', file } : { state: 'missing' }),
      () => live && setLoaded({ state: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (id === null || loaded.state === 'missing') return <p data-testid="audio-file-info">{t('Not available')}</p>;
  if (loaded.state === 'loading') return <div className="spinner" role="status" aria-label={t('Loading...')} />;
  const file = loaded.file;
  const rows: Array<[string, string | null]> = [
    [t('Artist'), file.artist],
    [t('Composer'), file.composer],
    [t('Album'), file.album],
    [t('Length'), file.length > 0 ? formatLength(file.length) : null],
    [t('Categories'), file.categories.map((category) => category.categoryName).join(', ') || null],
  ];
  return (
    <div className="audio-file-info" data-testid="audio-file-info">
      {file.imageId !== null && (
        <button
          type="button"
          className="audio-file-info-cover"
          aria-label={t('Show big image')}
          data-testid="audio-file-info-cover"
          onClick={() => showModal('SHOW_BIG_IMAGE', { src: `/api/file/${file.imageId}`, alt: file.name })}
        >
          <img src={`/api/file/${file.imageId}/thumbnail?width=${thumbnailWidth}`} alt={file.name} />
        </button>
      )}
      <div>
        <h2 data-testid="audio-file-info-name">{file.name}</h2>
        <dl>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      {file.description && <div className="audio-file-info-description" dangerouslySetInnerHTML={{ __html: sanitizeHtml(file.description) }} />}
    </div>
  );
}
