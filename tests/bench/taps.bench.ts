import { randomUUID } from 'node:crypto';
import { call, loadAverage, logIn, machine, percentile, startProduct, stopProduct, waitUntilQuiet } from './product.ts';

// `npm run bench:taps`: how long a tap that saves takes, as the browser sees it (issue 21 item 2):
// `PUT /api/set-audio-file-favorite` of the demo caregiver (each call flips a file in or out of
// the default list, so every call appends an event) and a message send (`POST /api/messages`,
// sent, from the demo administrator to the caregiver). The product is the embedded default
// (PGlite and chDB), started by this script on a fresh data directory once its demo usage is
// generated and projected ("nothing else running"). Calls are one at a time, back to back: each
// call after the first also pays for the read-your-writes wait of the one before it
// (server/http/read-your-writes.ts), the worst case for a person tapping quickly.
// Goal: p95 under 20 ms. Results go to docs/benchmarks.md by hand.

const TAPS = Number(process.env.BENCH_TAPS ?? 400);
const WARM_UP = 30;

interface Row { case: string; calls: number; 'p50 ms': string; 'p95 ms': string; 'p99 ms': string; 'max ms': string; 'load before': string }

const row = (name: string, ms: number[], load: string): Row => ({
  case: name,
  calls: ms.length,
  'p50 ms': percentile(ms, 50).toFixed(1),
  'p95 ms': percentile(ms, 95).toFixed(1),
  'p99 ms': percentile(ms, 99).toFixed(1),
  'max ms': Math.max(...ms).toFixed(1),
  'load before': load,
});

async function main(): Promise<void> {
  console.log(`machine: ${machine()}; load average at start ${loadAverage()}`);
  const product = await startProduct();
  try {
    console.log('waiting for the demo usage and the projections (a few minutes on a first start)…');
    await waitUntilQuiet(product, { demoUsage: true });
    const { url } = product;
    const caregiver = await logIn(url, 'caregiver');
    const admin = await logIn(url, 'admin');
    const { body: me } = await call<{ id: number }>(url, caregiver, 'GET', '/api/');
    const { body: files } = await call<{ items: { id: number }[] }>(url, caregiver, 'POST', '/api/get-audio-files', { limit: 20 });
    const ids = files.items.map((f) => f.id);
    if (ids.length < 2) throw new Error('the demo library has too few audio files');
    // What list 0 holds now: each tap flips one file, so every tap changes something.
    const { body: held } = await call<{ audioFiles: { audioFileId: number }[] }>(url, caregiver, 'GET', '/api/favorites?userTagGroupIdList=0&limit=1000');
    const inList = new Set(held.audioFiles.map((f) => f.audioFileId));

    const tap = async (i: number): Promise<number> => {
      const audioFileId = ids[i % ids.length]!;
      const value = !inList.has(audioFileId);
      const { body, ms } = await call<{ changed: boolean }>(url, caregiver, 'PUT', '/api/set-audio-file-favorite', { userTagGroupId: 0, audioFileId, value });
      if (!body.changed) throw new Error('a tap changed nothing: the bench would measure no append');
      if (value) inList.add(audioFileId);
      else inList.delete(audioFileId);
      return ms;
    };
    const send = async (i: number): Promise<number> =>
      (await call(url, admin, 'POST', '/api/messages', { title: `Bench ${i}`, recipients: [{ id: me.id }], sent: true, requestId: randomUUID() })).ms;

    const rows: Row[] = [];
    for (const [name, run] of [['PUT /api/set-audio-file-favorite', tap], ['POST /api/messages (send)', send]] as const) {
      for (let i = 0; i < WARM_UP; i++) await run(i);
      const load = loadAverage();
      const ms: number[] = [];
      for (let i = WARM_UP; i < WARM_UP + TAPS; i++) ms.push(await run(i));
      rows.push(row(name, ms, load));
    }
    console.table(rows);
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    await stopProduct(product);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
