import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import type { ProjectionStatusList } from '../../../../schemas/api/projections.ts';
import { parkEvent, projectionsStore, refreshProjections, retryProjection } from '../stores/projections-store.ts';

const repairFailed = { load: 'Loading the projections failed', retry: 'The retry failed', park: 'Parking the event failed' } as const;

/**
 * Where every projection stands, refreshed every few seconds. A projection stuck on one event names
 * it, with its error, and offers the repairs of docs/operations.md: retry now, or park the event.
 */
export function ProjectionsPanel() {
  const { t } = useTranslation();
  const snap = useSnapshot(projectionsStore);
  const list = snap.list ? projectionsStore.list! : null;

  useEffect(() => {
    void refreshProjections();
    const timer = setInterval(() => void refreshProjections(), 5000);
    return () => clearInterval(timer);
  }, []);

  const park = (name: string, version: number, id: string) => {
    if (window.confirm(t('Park event {{id}}? Version {{version}} of {{name}} will skip it for good; a new version projects it again.', { id, version, name }))) {
      void parkEvent(name, version, id);
    }
  };

  return (
    <section className="projections-panel" data-testid="projections-panel">
      <h3>{t('Projections')}</h3>
      {snap.problem && (
        <Alert kind="error">
          {t(repairFailed[snap.problem.kind])}
          {snap.problem.message ? `: ${snap.problem.message}` : ''}
        </Alert>
      )}
      {list && list.every((p) => p.state === 'live' && p.lagEvents === 0) && <p className="rebuild-note">{t('Every projection is up to date.')}</p>}
      {list && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('Projection')}</th>
              <th scope="col">{t('Version')}</th>
              <th scope="col">{t('State')}</th>
              <th scope="col">{t('Behind by')}</th>
              <th scope="col">{t('Parked')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => {
              const key = `${p.name}@${p.version}`;
              return (
                <tr key={key} data-projection={p.name} data-state={p.state} className={`projection-${p.state}`}>
                  <th scope="row">
                    {p.name}
                    {p.kafka && <KafkaConsumer kafka={p.kafka} />}
                    {p.lastError && (
                      <div className="projection-problem" data-testid="projection-problem">
                        {p.failingEvent && <div>{t('Fails on event {{id}}', { id: p.failingEvent.id })}</div>}
                        <code>{p.lastError}</code>
                        <div className="rebuild-actions">
                          <button type="button" data-testid="retry-projection" disabled={snap.busy !== null} onClick={() => void retryProjection(p.name, p.version)}>
                            {t('Retry now')}
                          </button>
                          {p.failingEvent && (
                            <button type="button" data-testid="park-event" disabled={snap.busy !== null} onClick={() => park(p.name, p.version, p.failingEvent!.id)}>
                              {t('Park the event')}
                            </button>
                          )}
                        </div>
                      </div>
                    )}
                  </th>
                  <td>
                    {p.version}
                    {p.current ? ` (${t('serving')})` : ''}
                  </td>
                  <td>{t(p.state)}</td>
                  <td>{t('{{count}} events', { count: p.lagEvents })}</td>
                  <td>{p.parkedEvents}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A projection fed from Kafka: its consumer group, how far behind each partition is, and how far the relay has published. */
function KafkaConsumer({ kafka }: { kafka: NonNullable<ProjectionStatusList[number]['kafka']> }) {
  const { t } = useTranslation();
  return (
    <div className="projection-kafka" data-testid="projection-kafka">
      <div>{t('Kafka group {{group}}', { group: kafka.group })}</div>
      <ul>
        {kafka.partitions.map((p) => (
          <li key={p.partition} data-partition={p.partition}>
            {p.lag === null ? t('Partition {{partition}}: lag unknown (Kafka did not answer)', { partition: p.partition }) : t('Partition {{partition}}: {{count}} messages behind', { partition: p.partition, count: p.lag })}
          </li>
        ))}
      </ul>
      <div>{kafka.relay ? t('The relay has published the log up to {{position}}', { position: `${kafka.relay.position.tx}/${kafka.relay.position.seq}` }) : t('The relay has published nothing yet')}</div>
    </div>
  );
}
