import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_TOPIC } from '../../infra/kafka/event-topic.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { kafkaMockAvailable, startKafkaMock, type KafkaMock } from '../support/kafka-mock.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Issue 20, item 2: with KAFKA_BROKERS the operator's projection status shows the usage
// warehouse's Kafka consumer group, its lag per partition and how far the relay has published.
// The real server on the demo data, its Kafka a real wire peer (librdkafka's mock cluster).

describe('projection status with the Kafka transport, in the browser', () => {
  let mock: KafkaMock;
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!kafkaMockAvailable()) throw new Error('librdkafka-dev is missing (apt-get install librdkafka-dev): .ci/run installs it');
    mock = await startKafkaMock(1);
    await mock.createTopic(EVENTS_TOPIC, 3);
    server = await startServer({ env: { KAFKA_BROKERS: mock.brokers.join(',') } });
    browser = await launchBrowser({ width: 1280, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    await mock?.stop();
  });

  it('should show the consumer group, its partitions and the relay checkpoint', { timeout: 600_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor({ timeout: 60_000 });
    await logIn(page, 'operator', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/admin/rebuild', { timeout: 60_000 });
    const panel = page.getByTestId('projections-panel');
    const kafka = panel.locator('tr[data-projection=usage-warehouse]').getByTestId('projection-kafka');
    await kafka.waitFor({ timeout: 120_000 });
    await expect.poll(() => kafka.textContent(), { timeout: 120_000 }).toMatch(/Välittäjä on julkaissut lokin kohtaan \d+\/\d+ asti/);
    expect(await kafka.textContent()).toMatch(/Kafka-ryhmä sointu-usage-warehouse@v\d+/);
    expect(await kafka.locator('li[data-partition]').count()).toBe(3);
    await expect.poll(() => kafka.locator('li[data-partition="0"]').textContent(), { timeout: 60_000 }).toMatch(/^Osio 0: \d+ viesti/);
    await kafka.scrollIntoViewIfNeeded();
    await shot(page, 'projection-status-kafka');
  });
});
