import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_CHECKPOINTS_DDL } from '../../infra/kafka/event-relay.ts';
import { connectKafka, EVENTS_TOPIC } from '../../infra/kafka/event-topic.ts';
import { closeTopicOffsets } from '../../infra/kafka/topic-offsets.ts';
import { KAFKA_PROJECTION_OFFSETS_DDL } from '../../projections/engine/kafka-projection-consumer.ts';
import type { ProjectionStatusList } from '../../schemas/api/projections.ts';
import { kafkaMockAvailable, startKafkaMock, type KafkaMock } from '../support/kafka-mock.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { lastActivityProjector } from '../../projections/postgres/last-activity.ts';
import { getProjectionStatusRoute } from '../../server/operations/get-projection-status.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { loggedIn } from './support/test-events.ts';

let testApp: TestApp;
let runner: ProjectionRunner;
let admin: TestUser;
let caregiver: TestUser;

beforeAll(async () => {
  testApp = await buildTestApp({ database: 'pglite' });
  // Until server/http/routes.ts lists the route, the test registers it itself.
  if (!testApp.app.hasRoute({ method: 'GET', url: '/api/admin/projections' })) getProjectionStatusRoute(testApp.app);
  runner = createProjectionRunner({ log: testApp.store, sql: testApp.sql, projectors: [lastActivityProjector], pollIntervalMs: 50 });
  testApp.app.deps.projections = runner;
  admin = await testApp.createUser({ operator: true });
  caregiver = await testApp.createUser();
  await testApp.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, caregiver.id]);
});
afterAll(async () => {
  await runner.stop();
  await testApp.close();
});

describe('GET /api/admin/projections', () => {
  it('should return 401 without a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.kind).toBe('Unauthorized');
  });

  it('should return 403 to a user who administers nobody', async () => {
    const { cookie } = await testApp.login(caregiver);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.kind).toBe('AccessDenied');
  });

  it('should reject unknown query parameters', async () => {
    const { cookie } = await testApp.login(admin);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections?drop=1', headers: { cookie } });
    expect(response.statusCode).toBe(400);
  });

  it('should show position, lag and state of every projection', async () => {
    const { cookie } = await testApp.login(admin);
    await testApp.store.append(`usage-${caregiver.id}`, [loggedIn(caregiver.id, 1, `route-${Date.now()}`)]);

    const behind = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    expect(behind.statusCode).toBe(200);
    const [stopped] = behind.json();
    expect(stopped).toMatchObject({ name: 'last-activity', version: 1, kind: 'postgres', state: 'stopped', position: { tx: 0, seq: 0 }, lastError: null });
    // The logins of this test (through POST /api/login, if it appends) and the one above are all unprocessed.
    expect(stopped.lagEvents).toBeGreaterThanOrEqual(1);
    expect(stopped.lagSeconds).toBeGreaterThanOrEqual(0);

    await runner.start();
    await runner.waitUntilCaughtUp();
    const caughtUp = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    const [live] = caughtUp.json();
    const [last] = (await testApp.store.readAll({ tx: 0, seq: 0 }, 10_000)).slice(-1);
    expect(live).toMatchObject({ name: 'last-activity', current: true, state: 'live', lagEvents: 0, lagSeconds: 0, position: last!.position, eventsProcessed: stopped.lagEvents });
    expect(Date.parse(live.updatedAt)).not.toBeNaN();
  });
});

// With KAFKA_BROKERS: the consumers' progress as they store it (kafka_projection_offsets, written
// by projections/engine/kafka-projection-consumer.ts, run end to end in kafka-transport.int.spec.ts),
// the topic's end offsets from a real wire peer (librdkafka's mock cluster) and the relay's checkpoint.
describe('GET /api/admin/projections with the Kafka transport', () => {
  let mock: KafkaMock;
  let kafka: Kafka;

  beforeAll(async () => {
    if (!kafkaMockAvailable()) throw new Error('librdkafka-dev is missing (apt-get install librdkafka-dev): .ci/run installs it');
    mock = await startKafkaMock(1);
    await mock.createTopic(EVENTS_TOPIC, 2);
    kafka = connectKafka(mock.brokers, 'status-test');
    const producer = kafka.producer();
    await producer.connect();
    // Five messages on partition 0, three on partition 1.
    await producer.send({ topic: EVENTS_TOPIC, messages: [0, 1, 2, 3, 4].map((i) => ({ partition: 0, value: `m${i}` })) });
    await producer.send({ topic: EVENTS_TOPIC, messages: [0, 1, 2].map((i) => ({ partition: 1, value: `m${i}` })) });
    await producer.disconnect();
    const { sql } = testApp;
    await sql.query(RELAY_CHECKPOINTS_DDL);
    await sql.query(KAFKA_PROJECTION_OFFSETS_DDL);
    await sql.query(`INSERT INTO kafka_relay_checkpoints (relay, position_tx, position_seq) VALUES ('events', 40, 812)`);
    // last-activity (also run by the log runner here) has applied three messages of partition 0 and
    // none of partition 1; usage-warehouse v9 (fed only from Kafka) has applied everything.
    await sql.query(
      `INSERT INTO kafka_projection_offsets (projection, topic, partition, kafka_offset, position_tx, position_seq) VALUES
         ('last-activity@v1', $1, 0, 2, 40, 700), ('usage-warehouse@v9', $1, 0, 4, 40, 790), ('usage-warehouse@v9', $1, 1, 2, 40, 812)`,
      [EVENTS_TOPIC],
    );
    testApp.app.deps.kafka = { client: kafka, projections: [{ name: 'usage-warehouse', version: 9 }, { name: 'usage-warehouse', version: 10 }] };
  });
  afterAll(async () => {
    testApp.app.deps.kafka = undefined;
    if (kafka) await closeTopicOffsets(kafka);
    await mock?.stop();
  });

  const status = async () => {
    const { cookie } = await testApp.login(admin);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<ProjectionStatusList>();
  };

  it('should show each consumer group, its progress and lag per partition, and the relay checkpoint', async () => {
    const list = await status();
    const relay = { position: { tx: 40, seq: 812 }, updatedAt: expect.any(String) };
    const lastActivity = list.find((p) => p.name === 'last-activity')!;
    expect(lastActivity.kafka).toEqual({
      group: 'sointu-last-activity@v1',
      partitions: [
        { partition: 0, offset: '2', position: { tx: 40, seq: 700 }, lag: 2 },
        { partition: 1, offset: null, position: null, lag: 3 },
      ],
      lagEvents: 5,
      relay,
    });
    // Run by no runner of this process: listed from its stored progress.
    expect(list.find((p) => p.name === 'usage-warehouse' && p.version === 9)).toMatchObject({
      kind: 'warehouse',
      current: false,
      state: 'live',
      lagEvents: 0,
      position: { tx: 40, seq: 812 },
      kafka: { group: 'sointu-usage-warehouse@v9', lagEvents: 0, relay },
    });
    // Fed from Kafka but nothing applied yet: every message of the topic is ahead of it.
    expect(list.find((p) => p.name === 'usage-warehouse' && p.version === 10)).toMatchObject({
      state: 'catching-up',
      lagEvents: 8,
      position: { tx: 0, seq: 0 },
      kafka: { group: 'sointu-usage-warehouse@v10', lagEvents: 8, partitions: [{ partition: 0, offset: null, lag: 5 }, { partition: 1, offset: null, lag: 3 }] },
    });
  });

  it('should report the lag as unknown, not fail, while Kafka does not answer', async () => {
    await mock.stop();
    const list = await status();
    const lastActivity = list.find((p) => p.name === 'last-activity')!;
    expect(lastActivity.kafka).toMatchObject({ lagEvents: null, partitions: [{ partition: 0, offset: '2', lag: null }] });
    expect(list.find((p) => p.name === 'usage-warehouse' && p.version === 9)).toMatchObject({ state: 'catching-up', kafka: { lagEvents: null } });
  });
});
