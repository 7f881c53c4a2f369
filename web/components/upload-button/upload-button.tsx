import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxUploadBytes, uploadSizeLimits, uploadTypes } from '../../../schemas/api/upload-limits.ts';
import { ApiError } from '../../lib/api-client.ts';
import { upload, type UploadedFile } from '../../lib/upload.ts';
import './upload-button.css';

// The upload control of the message view and the reply box (spec 2 sections 2 and 5; spec 1 and 3:
// "idle, uploading with progress, finished with success or failure; the file input resets after
// finish"). Choosing a file uploads it at once, with a progress bar; then "File uploaded: " and its
// name, or the failure state: the bar in red and why, so a parent never keeps a half-done file.

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'finished'; success: true; files: UploadedFile[] }
  | { phase: 'finished'; success: false; reason: 'tooLarge' | 'unsupported' | 'offline' | 'failed' };

export interface UploadButtonProps {
  /** Called with the stored files once the upload succeeded. */
  onUploaded: (files: UploadedFile[]) => void;
  /** Told when an upload starts and ends (the reply box disables its send button meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
  /** Several files at once; the spec's places take one. */
  multiple?: boolean;
  disabled?: boolean;
  /** The button's text; "Upload file" by default. */
  label?: string;
}

/** What the file picker offers: the types the server takes (it sniffs the bytes anyway). */
const accept = [...Object.keys(uploadTypes), '.m4a', '.mp3', '.ogg'].join(',');

/** Over its kind's limit by the type the browser names (the server sniffs and decides; this spares sending it). */
function plainlyTooLarge(file: File): boolean {
  const kind = uploadTypes[file.type];
  return file.size > (kind ? uploadSizeLimits[kind] : maxUploadBytes);
}

function reasonOf(error: unknown): Extract<UploadState, { success: false }>['reason'] {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 0) return 'offline';
  if (error.kind === 'PayloadTooLarge') return 'tooLarge';
  const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]) : [];
  if (error.kind === 'ValidationError' && details.some((d) => typeof d.message === 'string' && d.message.startsWith('Not a supported file type'))) return 'unsupported';
  return 'failed';
}

export function UploadButton({ onUploaded, onUploadingChange, multiple = false, disabled = false, label }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const uploading = state.phase === 'uploading';

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    if (files.length === 0) return;
    const finish = (next: UploadState) => {
      setState(next);
      onUploadingChange?.(false);
      // The same file may be chosen again after a failure.
      if (input.current) input.current.value = '';
    };
    onUploadingChange?.(true);
    setState({ phase: 'uploading', progress: 0 });
    if (files.some(plainlyTooLarge)) return finish({ phase: 'finished', success: false, reason: 'tooLarge' });
    try {
      const stored = await upload(files, (progress) => setState({ phase: 'uploading', progress }));
      finish({ phase: 'finished', success: true, files: stored });
      onUploaded(stored);
    } catch (error) {
      finish({ phase: 'finished', success: false, reason: reasonOf(error) });
    }
  };

  const failure = state.phase === 'finished' && !state.success ? state.reason : null;
  const percent = state.phase === 'uploading' ? Math.round(state.progress * 100) : state.phase === 'finished' ? 100 : 0;
  return (
    <div className="upload-button" data-testid="upload-button" data-phase={state.phase} data-success={state.phase === 'finished' ? String(state.success) : undefined}>
      <input id={inputId} ref={input} className="visually-hidden" type="file" accept={accept} multiple={multiple} disabled={disabled || uploading} onChange={(event) => void start(event)} />
      <label htmlFor={inputId} className={`button-primary upload-choose${disabled || uploading ? ' disabled' : ''}`}>
        {uploading ? t('Uploading...') : (label ?? t('Upload file'))}
      </label>
      {state.phase !== 'idle' && (
        <div className={`upload-progress${failure ? ' failed' : ''}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('Upload progress')}>
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      {state.phase === 'finished' && state.success && (
        <p className="upload-result" data-testid="upload-result">
          {t('File uploaded: ')}
          <strong>{state.files.map((file) => file.name).join(', ')}</strong>
        </p>
      )}
      {failure && (
        <p className="upload-result upload-failed" role="alert" data-testid="upload-failed">
          <strong>{t('Upload failed')}</strong>{' '}
          {failure === 'tooLarge'
            ? t('The file is too large.')
            : failure === 'unsupported'
              ? t('This file type is not supported. Pictures, videos, sound files and PDF documents can be uploaded.')
              : failure === 'offline'
                ? t('No connection to the server. Try again.')
                : t('Request failed')}
        </p>
      )}
    </div>
  );
}
