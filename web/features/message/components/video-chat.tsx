import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { playerState } from '../../../lib/player/player-store.ts';
import {
  allowRemoteControl,
  closeVideoChat,
  followRemoteControl,
  ignoreRemoteControl,
  joinVideoChat,
  leaveVideoChat,
  videoChat,
} from '../stores/video-chat-store.ts';
import { Dialog } from './dialog.tsx';

// The message view's video chat (spec 2 sections 2, 4 and 6): the owner with canCreateVideoChat
// starts it, the recipients join once it exists; connecting, connected, left, or the failure with
// its reason. A recipient in the chat is asked (Hydrate) before the sender's player controls theirs,
// and then sees the remote player.

export function VideoChat({ message, user }: { message: Message; user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(videoChat);
  const own = message.own;
  const canStart = own && user.config.canCreateVideoChat && message.sent;
  const mine = snap.messageId === message.id;
  const status = mine ? snap.status : 'idle';
  const hasRoom = message.videoChat || (mine && snap.roomMade);

  useEffect(() => () => closeVideoChat(), [message.id]);
  useEffect(() => (own ? undefined : followRemoteControl(message.id)), [message.id, own]);

  if (!canStart && !message.videoChat) return null;
  const inCall = status === 'connecting' || status === 'connected';
  const join = () => void joinVideoChat(message.id, { own, hasRoom });

  return (
    <section className="video-chat" data-testid="video-chat" data-status={status}>
      <h3>{t('Video chat')}</h3>
      <div className="video-chat-controls">
        {!inCall && (
          <button type="button" className="button-primary" onClick={join} data-testid="video-chat-join">
            {own && !hasRoom ? t('Start Video Chat') : t('Join Video Chat')}
          </button>
        )}
        {inCall && (
          <button type="button" onClick={leaveVideoChat} data-testid="video-chat-leave">
            {t('Leave Video Chat')}
          </button>
        )}
        <span className="video-chat-status" role="status" data-testid="video-chat-status">
          {status === 'connecting' && t('Connecting to video chat...')}
          {status === 'connected' && t('Video chat connected')}
          {status === 'left' && t('You left the video chat.')}
        </span>
      </div>
      {status === 'failed' && (
        <Alert kind="error">
          {snap.mediaProblem === 'denied' && (
            <>
              <div>{t('Failed to connect to video chat: {{reason}}', { reason: t('camera and microphone access was refused') })}</div>
              <div>{t('Allow the camera and microphone for this site in the browser settings, then try again.')}</div>
            </>
          )}
          {snap.mediaProblem === 'missing' && t('Failed to connect to video chat: {{reason}}', { reason: t('no camera or microphone was found') })}
          {snap.mediaProblem === null && t('Failed to connect to video chat: {{reason}}', { reason: snap.reason ?? '' })}
        </Alert>
      )}
      {inCall && (
        <div className="video-chat-videos">
          <Video stream={snap.localStream as MediaStream | null} muted label={t('Your video')} testId="video-local" />
          {Object.entries(snap.remotes).map(([peerId, remote]) => (
            <Video key={peerId} stream={remote.stream as MediaStream | null} label={t('Video of the other party')} testId="video-remote" state={remote.state} />
          ))}
        </div>
      )}
      {!own && mine && snap.remoteControl === 'allowed' && <RemotePlayer name={snap.remoteFile?.name ?? null} />}
      {!own && mine && snap.pendingControl && (
        <Dialog label={t('Remote control')} onClose={ignoreRemoteControl} testId="hydrate-modal">
          <p>{t('{{name}} wants to control your player during the video chat.', { name: message.senderName ?? message.userName ?? '' })}</p>
          <div className="dialog-buttons">
            <button type="button" onClick={ignoreRemoteControl} data-testid="remote-control-ignore">
              {t('Ignore')}
            </button>
            <button type="button" className="button-primary" onClick={allowRemoteControl} data-testid="remote-control-allow">
              {t('Allow Remote Control')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** A video element showing a MediaStream (srcObject is no attribute React sets). */
function Video({ stream, muted = false, label, testId, state }: { stream: MediaStream | null; muted?: boolean; label: string; testId: string; state?: RTCPeerConnectionState }) {
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (element.current && element.current.srcObject !== stream) element.current.srcObject = stream;
  }, [stream]);
  return (
    <figure className="video-chat-video" data-testid={testId} data-connection-state={state}>
      <video ref={element} autoPlay playsInline muted={muted} aria-label={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The remote player (ids "messages/remote"): what the message's sender plays on this device. */
function RemotePlayer({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const player = useSnapshot(playerState);
  const playing = player.playing && player.current?.source === 'Message';
  return (
    <div className="remote-player" id="messages/remote" data-player-id="messages/remote" data-testid="remote-player" data-playing={playing}>
      <span>{t('Player controlled by message sender:')}</span> <strong data-testid="remote-player-file">{name ?? t('Nothing is playing.')}</strong>{' '}
      <span>{playing ? t('Playing') : t('Paused')}</span>
    </div>
  );
}
