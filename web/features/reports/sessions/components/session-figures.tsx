import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayListEntry, UsageSession } from '../../../../../schemas/api/usage-report.ts';
import { formatDuration, formatTime } from '../../../../lib/format.ts';
import { contentTypeKey } from '../../../../lib/i18n/translations-reports.ts';
import { getCategories } from '../../api/get-categories.ts';
import { useLoad } from '../../use-load.ts';
import { audioFileNamesOf, namedDurations } from '../../usage-figures.ts';

/**
 * A session's figures of spec 3 section 3 "Usage session" in its opened detail: plays by content
 * type and auto play, the play lists by kind, and the durations and clicks by item. Only the
 * parts the session has are shown.
 */
export function SessionFigures({ session, timeZone }: { session: UsageSession; timeZone: string }) {
  const { t } = useTranslation();
  // Category names come from the library; until they arrive (or if they fail) the id is shown.
  const categories = useLoad('categories', (signal) => getCategories(signal));
  const categoryNames = useMemo(
    () => new Map(categories.status === 'loaded' ? categories.data.map((c) => [c.id, c.name] as const) : []),
    [categories],
  );
  const audioNames = useMemo(() => audioFileNamesOf(session), [session]);

  const playList = (title: string, testId: string, entries: readonly (PlayListEntry & { fileName?: string })[], name: (e: PlayListEntry & { fileName?: string }) => string) =>
    entries.length > 0 && (
      <div className="session-figure" data-testid={testId}>
        <h4>{title}</h4>
        <ul>
          {entries.map((e, i) => (
            <li key={`${e.id}-${e.time}-${i}`}>
              <span className="session-figure-time">{formatTime(e.time, timeZone)}</span>
              <span className="session-figure-name">{name(e)}</span>
              <span className="session-figure-value">{formatDuration(e.length)}</span>
            </li>
          ))}
        </ul>
      </div>
    );

  const durations = (title: string, testId: string, record: Record<string, number>, names: ReadonlyMap<number, string>, fallback: (id: number) => string) => {
    const rows = namedDurations(record, names);
    return (
      rows.length > 0 && (
        <div className="session-figure" data-testid={testId}>
          <h4>{title}</h4>
          <ul>
            {rows.map((r) => (
              <li key={r.id}>
                <span className="session-figure-name">{r.name ?? fallback(r.id)}</span>
                <span className="session-figure-value">{formatDuration(r.seconds)}</span>
              </li>
            ))}
          </ul>
        </div>
      )
    );
  };

  const clicks = Object.entries(session.messageClicks).map(([id, n]) => ({ id: Number(id), n }));
  return (
    <div className="session-figures" data-testid="session-figures">
      {session.usageTypeInfo.length > 0 && (
        <div className="session-figure" data-testid="session-usage-type-info">
          <h4>{t('Usage by content type')}</h4>
          <ul>
            {session.usageTypeInfo.map((info) => (
              <li key={`${info.contentType}-${info.autoPlay}`}>
                <span className="session-figure-name">
                  {t(contentTypeKey(info.contentType))} · {info.autoPlay ? t('auto play') : t('started by hand')}
                </span>
                <span className="session-figure-value">{t('{{count}} plays', { count: info.count })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {playList(t('Audio files'), 'session-audio-plays', session.audioFilePlayList, (e) => audioNames.get(e.id) ?? t('File {{id}}', { id: e.id }))}
      {playList(t('Games'), 'session-game-plays', session.gamePlayList, (e) => t('Game {{id}}', { id: e.id }))}
      {playList(t('Videos'), 'session-video-plays', session.videoFilePlaylist, (e) => e.fileName || t('File {{id}}', { id: e.id }))}
      {durations(t('Audio file durations'), 'session-audio-durations', session.audioFileDurations, audioNames, (id) => t('File {{id}}', { id }))}
      {durations(t('Category durations'), 'session-category-durations', session.categoryDurations, categoryNames, (id) => t('Category {{id}}', { id }))}
      {durations(t('Message durations'), 'session-message-durations', session.messageDurations, new Map(), (id) => t('Message {{id}}', { id }))}
      {clicks.length > 0 && (
        <div className="session-figure" data-testid="session-message-clicks">
          <h4>{t('Message clicks')}</h4>
          <ul>
            {clicks.map((c) => (
              <li key={c.id}>
                <span className="session-figure-name">{t('Message item {{id}}', { id: c.id })}</span>
                <span className="session-figure-value">{t('{{count}} clicks', { count: c.n })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
