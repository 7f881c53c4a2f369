import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bearerToken } from '../../lib/api-client.ts';
import { FileViewer } from '../file-viewer.tsx';
import { sanitizeHtml } from '../../lib/safe-html.ts';
import { numberProp, stringProp } from './modal-rules.ts';
import './content-modals.css';

type InfoFile = { kind: 'loading' } | { kind: 'html'; html: string } | { kind: 'file'; contentType: string } | { kind: 'failed' };

/** Reads the info file: an HTML file is shown as HTML, anything else through the file viewer. */
async function readInfoFile(fileId: number, signal: AbortSignal): Promise<InfoFile> {
  const token = bearerToken();
  const response = await fetch(`/api/file/${fileId}`, { credentials: 'same-origin', signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) return { kind: 'failed' };
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/html')) return { kind: 'html', html: await response.text() };
  await response.body?.cancel();
  return { kind: 'file', contentType };
}

/**
 * INFO (spec 2 section 7): the user's own instructions (uiParams.instructions.Info, HTML) or,
 * without them, the info file of the user (infoFileId).
 */
export function InfoModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const html = stringProp(props.html);
  const fileId = html ? null : numberProp(props.fileId);
  const [file, setFile] = useState<InfoFile>({ kind: 'loading' });
  useEffect(() => {
    if (fileId === null) return;
    const abort = new AbortController();
    readInfoFile(fileId, abort.signal).then(setFile, () => {
      if (!abort.signal.aborted) setFile({ kind: 'failed' });
    });
    return () => abort.abort();
  }, [fileId]);
  return (
    <div className="info-modal" data-testid="info-modal">
      <h2>{t('Info')}</h2>
      {html ? (
        <div data-testid="info-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      ) : fileId === null ? (
        <p>{t('No instructions have been given for this user.')}</p>
      ) : file.kind === 'loading' ? (
        <div className="spinner" role="status" aria-label={t('Loading...')} />
      ) : file.kind === 'html' ? (
        <div data-testid="info-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(file.html) }} />
      ) : file.kind === 'file' ? (
        <FileViewer file={{ src: `/api/file/${fileId}`, contentType: file.contentType }} />
      ) : (
        <p>{t('Request failed')}</p>
      )}
    </div>
  );
}
