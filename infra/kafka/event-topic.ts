import { Kafka, logLevel, type Message } from 'kafkajs';
import type { RecordedEvent } from '../event-store/event-store.ts';

// The Kafka side of the event log (DOMAIN.md section 1, `KAFKA_BROKERS`): one topic carries every
// event as published by the relay (event-relay.ts), in the log's order.
//
// Client: kafkajs. Measured against @platformatic/kafka (maintained; kafkajs has had no release
// since 2023) on this machine's Kafka wire peer, librdkafka's mock cluster: @platformatic/kafka
// refuses a broker whose ApiVersions v3 answer is UNSUPPORTED_VERSION instead of falling back, so
// it cannot talk to the peer CI has; kafkajs produces and runs consumer groups on it
// (docs/operations.md, "Kafka transport", has the figures).

export const EVENTS_TOPIC = 'sointu-events';

/** Streams that belong to one user ({family}-{userId}) go to that user's key. */
const PER_USER_STREAM = /^(?:usage|evaluations|targets|favorites)-(\d+)$/;

/**
 * The message key, which picks the partition. A user's streams share one key, so everything a
 * per-user projector (the usage warehouse) needs of a user arrives in one partition, in log order;
 * other streams (message-{id}, favorite-list-{id}) are their own key, so each stream keeps its order.
 */
export function partitionKey(streamId: string): string {
  const user = PER_USER_STREAM.exec(streamId)?.[1];
  return user === undefined ? streamId : `user-${user}`;
}

export const toMessage = (event: RecordedEvent): Message => ({ key: partitionKey(event.streamId), value: JSON.stringify(event) });

/** Messages come only from our relay, which read them from the validated log: the shape is trusted, as rows of the log are. */
export function fromMessage(value: Buffer | null): RecordedEvent {
  const event = JSON.parse(String(value)) as RecordedEvent & { recordedAt: string };
  return { ...event, recordedAt: new Date(event.recordedAt) };
}

export function connectKafka(brokers: readonly string[], clientId: string): Kafka {
  return new Kafka({ brokers: [...brokers], clientId, logLevel: logLevel.ERROR, retry: { retries: 8, initialRetryTime: 100 } });
}
