import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postReply } from '../api/post-reply.ts';
import type { Upload } from '../api/upload.ts';
import { loadMsgs, replyRows } from '../stores/msgs-store.ts';

// The reply box (spec 2 sections 2 and 5): a text area of 1 to 10 rows that grows with its text;
// one file, uploaded as soon as it is chosen, with a progress bar and "File uploaded: {name}";
// Send is disabled while the file uploads. Posting clears the draft (the server marks the
// message read for the writer).

type FileState = { status: 'none' } | { status: 'uploading'; name: string; progress: number } | { status: 'uploaded'; name: string; id: number } | { status: 'failed'; name: string };

export function ReplyBox({ messageId, upload }: { messageId: number; upload: Upload }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<FileState>({ status: 'none' });
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // One id per reply being written: a retried send of the same reply posts it once.
  const requestId = useRef(crypto.randomUUID());
  const fileInput = useRef<HTMLInputElement>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile({ status: 'uploading', name: chosen.name, progress: 0 });
    try {
      const { id } = await upload(chosen, (progress) => setFile({ status: 'uploading', name: chosen.name, progress }));
      setFile({ status: 'uploaded', name: chosen.name, id });
    } catch (error) {
      console.warn('Upload failed', error);
      setFile({ status: 'failed', name: chosen.name });
    }
  };

  const clearFile = () => {
    setFile({ status: 'none' });
    if (fileInput.current) fileInput.current.value = '';
  };

  const fileId = file.status === 'uploaded' ? file.id : null;
  const canSend = !sending && file.status !== 'uploading' && (text.trim() !== '' || fileId !== null);

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setFailed(false);
    try {
      await postReply({ messageId, reply: text, fileId, requestId: requestId.current });
      requestId.current = crypto.randomUUID();
      setText('');
      clearFile();
      await loadMsgs();
    } catch (error) {
      console.warn('Reply failed', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="msgs-reply-box"
      data-testid="msgs-reply-box"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <textarea
        aria-label={t('Reply')}
        placeholder={t('Write a reply')}
        rows={replyRows(text)}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter starts a new line: the messenger's habit.
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="msgs-reply-actions">
        <label className="icon-button msgs-attach">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
          </svg>
          <span className="visually-hidden">{t('Attach a file')}</span>
          <input ref={fileInput} type="file" className="visually-hidden" onChange={(e) => void choose(e.target.files?.[0])} disabled={file.status === 'uploading'} />
        </label>
        <button type="submit" className="button-primary" disabled={!canSend} data-testid="msgs-send">
          {t('Send')}
        </button>
      </div>
      {file.status === 'uploading' && (
        <div className="msgs-upload">
          <progress max={1} value={file.progress} aria-label={t('Uploading {{name}}', { name: file.name })} />
          <span>{file.name}</span>
        </div>
      )}
      {file.status === 'uploaded' && (
        <div className="msgs-upload" data-testid="msgs-uploaded">
          <span>
            {t('File uploaded: ')}
            {file.name}
          </span>
          <button type="button" className="link-button" onClick={clearFile}>
            {t('Remove')}
          </button>
        </div>
      )}
      {file.status === 'failed' && (
        <p className="msgs-error" role="alert">
          {t('The file could not be uploaded: {{name}}', { name: file.name })}
        </p>
      )}
      {failed && (
        <p className="msgs-error" role="alert">
          {t('The reply could not be sent. Try again.')}
        </p>
      )}
    </form>
  );
}
