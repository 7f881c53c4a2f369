import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload-button/upload-button.tsx';
import { postReply } from '../api/post-reply.ts';
import { loadMsgs, replyRows } from '../stores/msgs-store.ts';

// The reply box (spec 2 sections 2 and 5): a text area of 1 to 10 rows that grows with its text;
// one file, uploaded as soon as it is chosen by the shared UploadButton (progress bar, "File
// uploaded: {name}", the failure state); Send is disabled while the file uploads. Posting clears the draft (the server marks the
// message read for the writer).

export function ReplyBox({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const [fileId, setFileId] = useState<number | null>(null);
  // A new key gives a fresh upload control once a reply is sent.
  const [uploadKey, setUploadKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // One id per reply being written: a retried send of the same reply posts it once.
  const requestId = useRef(crypto.randomUUID());

  const clearFile = () => {
    setFileId(null);
    setUploadKey((key) => key + 1);
  };

  const canSend = !sending && !uploading && (text.trim() !== '' || fileId !== null);

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
        <UploadButton
          key={uploadKey}
          label={t('Attach a file')}
          onUploadingChange={(busy) => {
            setUploading(busy);
            if (busy) setFileId(null);
          }}
          onUploaded={([stored]) => setFileId(stored?.id ?? null)}
        />
        <button type="submit" className="button-primary" disabled={!canSend} data-testid="msgs-send">
          {t('Send')}
        </button>
      </div>
      {fileId !== null && (
        <button type="button" className="link-button" onClick={clearFile} data-testid="msgs-remove-file">
          {t('Remove')}
        </button>
      )}
      {failed && (
        <p className="msgs-error" role="alert">
          {t('The reply could not be sent. Try again.')}
        </p>
      )}
    </form>
  );
}
