import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connectSql } from '../../infra/sql/connect.ts';
import { ensureGeneratedUnits } from '../../tools/generate/generated-units.ts';
import { createTestDatabase, startPostgresServer } from '../support/postgres-server.ts';
import { call, loadAverage, logIn, machine, percentile, sleep, startProduct, stopProduct, waitUntilQuiet } from './product.ts';

// `npm run bench:lag -- [--rate 5000] [--seconds 60] [--units 40] [--samples-per-post 50] [--plays 40] [--cpu-profile DIR] [--postgres]`: from a
// play to the report (issue 21 item 5). While load units post play samples over HTTP
// (`POST /api/usage-log`, player pages as the browser sends them) at a steady `rate` samples per
// second, a probe unit plays one file at a time and measures, for each play, the time from the
// acknowledgement of the post holding its samples to the play being counted in
// `GET /api/usage/{unit}/{first}/{last}` (usagePerType: plays of counted sessions). The probe's
// session start and stop are posted first (a session is decided by client time, whatever order
// its posts arrive in: DOMAIN.md section 3), so the play post is the last piece of the play.
//
// The product is the embedded default (PGlite and chDB), started by this script on a fresh data
// directory: first start (demo seed), stop, the bench's units added,
// start again, wait until every projection is live; only 127.0.0.1 is reached. A post that finds
// `MAX_IN_FLIGHT` posts still unanswered is not sent (the rate is then not sustained: the table
// shows the rate actually acknowledged over the whole load). Results go to docs/benchmarks.md by hand.
//
// `--postgres`: the same run with the event store and read models on a throwaway Postgres server
// cluster on 127.0.0.1 (tests/support/postgres-server.ts, durable settings as in production),
// chDB still in the server's process: the distributed setup's split, where the database's work
// (about two thirds of the embedded server's one thread is PGlite) runs in other processes.

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '60' },
    units: { type: 'string', default: '40' },
    'samples-per-post': { type: 'string', default: '50' },
    /**
     * The most plays the probe measures. Of 40, the p99 is the slowest play; a run of a few
     * minutes (`--seconds 200 --plays 250`) gives a p99 with plays above it.
     */
    plays: { type: 'string', default: '40' },
    /** A folder for a CPU profile of the measured server (node --cpu-prof), written when it stops. */
    'cpu-profile': { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const LOAD_UNITS = Number(args.units);
const SAMPLES_PER_POST = Number(args['samples-per-post']);
const MAX_IN_FLIGHT = 16;
/** Plays counted in the report, measured even when the run's time is up (a loaded server answers slowly); at most MAX_PROBES tried. */
const MIN_PROBES = 10;
const MAX_PROBES = Number(args.plays);
// The probe's sessions lie 150 s apart before now, and the report it reads starts two days back.
if (!Number.isInteger(MAX_PROBES) || MAX_PROBES < MIN_PROBES || MAX_PROBES > 1_000) throw new Error(`--plays: a whole number from ${MIN_PROBES} to 1000`);
const WARM_UP_MS = 5_000;
const PROBE_TIMEOUT_MS = 30_000;
const POLL_MS = 25;
const SAMPLE_STEP_MS = 5_000;
/**
 * A load unit's client time runs about 600 times faster than the wall clock (125 samples of 5 s
 * each per second at 5,000/s over 40 units). Played back to back, its files made ONE implicit
 * session growing by hours every few seconds, and the warehouse derived that whole session again
 * on every batch. A pause over maxPauseSeconds after each file ends it: sessions of a file each, as
 * units make them.
 */
const LOAD_PAUSE_MS = 20 * 60_000;

interface LoadUnit { cookie: string; clientTime: number; file: number; position: number }
interface AudioFile { id: number; length: number }

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const usageLog = (data: object) => ({ data: JSON.stringify(data) });

async function prepare(databaseUrl: string | undefined): Promise<{ dataDir: string; files: AudioFile[]; units: { id: number; name: string }[] }> {
  // The first start seeds the demo data; it is stopped at once, before its background demo usage
  // is far along (the run measures the bench's own load; a restart writes no demo usage).
  console.log('first start: demo seed…');
  const first = await startProduct(undefined, [], databaseUrl);
  await stopProduct(first, { keepData: true });
  // The server is stopped: PGlite is one process's database.
  const sql = await connectSql({ databaseUrl, dataDir: first.dataDir });
  try {
    const names = await ensureGeneratedUnits(sql, LOAD_UNITS + 1);
    const units = await sql.query<{ id: number; name: string }>('SELECT id, name FROM users WHERE name = ANY($1::text[]) ORDER BY name', [names]);
    // The demo library's generated files may be short or have no length: a load unit plays each for at least 3 minutes.
    const files = await sql.query<AudioFile>(`SELECT id, greatest(length, 180) AS length FROM audio_files WHERE active AND type = 'MusicPiece' ORDER BY id LIMIT 50`);
    if (files.length === 0) throw new Error('the demo library has no music piece');
    return { dataDir: first.dataDir, files: files.map((f) => ({ id: Number(f.id), length: Number(f.length) })), units: units.map((u) => ({ id: Number(u.id), name: u.name })) };
  } catch (error) {
    rmSync(first.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await sql.close();
  }
}

async function main(): Promise<void> {
  console.log(`machine: ${machine()}; load average at start ${loadAverage()}`);
  console.log(`target ${RATE} samples/s in posts of ${SAMPLES_PER_POST}, ${LOAD_UNITS} load units, ${SECONDS} s`);
  if (!args.postgres) return measure(undefined);
  const server = await startPostgresServer({ durable: true });
  try {
    console.log('event store and read models on a Postgres server on 127.0.0.1; chDB in the server process');
    await measure(await createTestDatabase(server.url, 'sointu_lag'));
  } finally {
    await server.stop();
  }
}

async function measure(databaseUrl: string | undefined): Promise<void> {
  const { dataDir, files, units } = await prepare(databaseUrl);
  const profile = args['cpu-profile'];
  const product = await startProduct(dataDir, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [], databaseUrl).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    await waitUntilQuiet(product, { demoUsage: false });
    const { url } = product;
    const [probeUnit, ...loadUnitRows] = units;
    const probe = await logIn(url, probeUnit!.name);
    const now = Date.now();
    // Each load unit plays file after file in the past (the log accepts samples up to 400 days
    // old): far enough back that the client clocks of the whole run stay behind now.
    const loadUnits: LoadUnit[] = [];
    for (const [i, unit] of loadUnitRows.entries()) {
      loadUnits.push({ cookie: await logIn(url, unit.name), clientTime: now - 390 * 86_400_000 + i * 3_600_000, file: i % files.length, position: 0 });
    }

    const reportPath = `/api/usage/${probeUnit!.id}/${day(now - 2 * 86_400_000)}/${day(now + 86_400_000)}`;
    const playsNow = async () => {
      const { body, ms } = await call<{ usagePerType: Record<string, { plays: number }> }>(url, probe, 'GET', reportPath);
      return { plays: Object.values(body.usagePerType).reduce((sum, t) => sum + t.plays, 0), ms };
    };

    // The load: posts at fixed times, each one unit's next SAMPLES_PER_POST samples.
    let stopLoad = false;
    let inFlight = 0;
    let sentPosts = 0;
    let skippedPosts = 0;
    let failedPosts = 0;
    let ackedSamples = 0;
    const postMs: number[] = [];
    const postsPerSecond = RATE / SAMPLES_PER_POST;
    const nextLoadPost = (k: number) => {
      const unit = loadUnits[k % loadUnits.length]!;
      const playLog = Array.from({ length: SAMPLES_PER_POST }, () => {
        const file = files[unit.file]!;
        const sample = { time: iso(unit.clientTime), audioFileId: file.id, playPosition: unit.position, playSource: 'Favorites' };
        unit.clientTime += SAMPLE_STEP_MS;
        unit.position += SAMPLE_STEP_MS / 1000;
        if (unit.position > file.length) {
          unit.file = (unit.file + 1) % files.length;
          unit.position = 0;
          unit.clientTime += LOAD_PAUSE_MS;
        }
        return sample;
      });
      return { cookie: unit.cookie, body: usageLog({ page: 'player', playLog }) };
    };
    const loadStarted = performance.now();
    const loadDone = (async () => {
      let k = 0;
      while (!stopLoad) {
        const due = loadStarted + (k * 1000) / postsPerSecond;
        const wait = due - performance.now();
        if (wait > 1) {
          await sleep(Math.min(wait, 50));
          continue;
        }
        // Several posts may be due at once after a slow tick: they go out now, in order.
        const post = nextLoadPost(k++);
        if (inFlight >= MAX_IN_FLIGHT) {
          skippedPosts++;
          continue;
        }
        inFlight++;
        sentPosts++;
        void call<{ appended: number }>(url, post.cookie, 'POST', '/api/usage-log', post.body).then(
          ({ ms }) => {
            postMs.push(ms);
            ackedSamples += SAMPLES_PER_POST;
          },
          (error: unknown) => {
            failedPosts++;
            if (failedPosts <= 3) console.error(error);
          },
        ).finally(() => inFlight--);
      }
      while (inFlight > 0) await sleep(10);
    })();

    // The probe: one play at a time, from after the warm-up until the end.
    await sleep(WARM_UP_MS);
    const lagMs: number[] = [];
    /** Seconds into the load at each measured play's acknowledgement: the lag over the run's course. */
    const ackedAt: number[] = [];
    const reportMs: number[] = [];
    let lost = 0;
    let { plays: expected } = await playsNow();
    // Sessions one after another forward in client time, 150 s apart, as a unit makes them; the
    // first far enough back that the last of MAX_PROBES still lies in the past.
    const probeBase = Date.now() - (MAX_PROBES + 2) * 150_000;
    const probeUntil = loadStarted + SECONDS * 1000;
    for (let k = 0; k < MAX_PROBES && (lagMs.length < MIN_PROBES || performance.now() < probeUntil); k++) {
      const start = probeBase + k * 150_000;
      await call(url, probe, 'POST', '/api/usage-log', usageLog({ page: 'startSession', time: iso(start) }));
      await call(url, probe, 'POST', '/api/usage-log', usageLog({ page: 'stopSession', time: iso(start + 90_000) }));
      // Tapped in Favorites, as the player logs it: manualStart on every sample. Without it the
      // return to position 0 of the same file within maxPause is a loop of ONE play (DOMAIN.md
      // section 3), and every play after the first extended the first instead of being counted.
      const playLog = Array.from({ length: 13 }, (_, i) => ({
        time: iso(start + 5_000 + i * SAMPLE_STEP_MS),
        audioFileId: files[0]!.id,
        playPosition: i * 5,
        playSource: 'Favorites',
        manualStart: true,
      }));
      await call(url, probe, 'POST', '/api/usage-log', usageLog({ page: 'player', playLog }));
      const acked = performance.now();
      expected++;
      for (;;) {
        const { plays, ms } = await playsNow();
        reportMs.push(ms);
        if (plays >= expected) {
          lagMs.push(performance.now() - acked);
          ackedAt.push((acked - loadStarted) / 1000);
          break;
        }
        if (performance.now() - acked > PROBE_TIMEOUT_MS) {
          lost++;
          expected = plays;
          break;
        }
        await sleep(POLL_MS);
      }
    }
    // Whether the projections kept up with the load: a play shows only once the warehouse holds it.
    const { body: status } = await call<{ name: string; kind: string; current: boolean; lagEvents: number; lagSeconds: number }[]>(url, await logIn(url, 'operator'), 'GET', '/api/admin/projections');
    const behind = status.filter((p) => p.current && p.kind === 'warehouse').map((p) => `${p.name} ${p.lagEvents} events / ${p.lagSeconds.toFixed(0)} s`);
    stopLoad = true;
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const sustained = ackedSamples / loadSeconds;
    await loadDone;

    console.table([{
      'target samples/s': RATE,
      'acknowledged samples/s': Math.round(sustained),
      'posts sent': sentPosts,
      seconds: loadSeconds.toFixed(0),
      [`posts not sent (${MAX_IN_FLIGHT} in flight)`]: skippedPosts,
      'posts failed': failedPosts,
      'post p50 ms': percentile(postMs, 50).toFixed(0),
      'post p95 ms': percentile(postMs, 95).toFixed(0),
    }]);
    console.table([{
      plays: lagMs.length,
      'not visible within 30 s': lost,
      'lag p50 ms': percentile(lagMs, 50).toFixed(0),
      'lag p95 ms': percentile(lagMs, 95).toFixed(0),
      'lag p99 ms': percentile(lagMs, 99).toFixed(0),
      'lag max ms': lagMs.length ? Math.max(...lagMs).toFixed(0) : 'n/a',
      'report GET p50 ms': percentile(reportMs, 50).toFixed(0),
    }]);
    // The tables grow under the load (the units' history, chDB's merges): the lag by quarter of the
    // probe's time shows whether it grows with them.
    if (lagMs.length > 0) {
      const first = ackedAt[0]!;
      const quarter = (ackedAt.at(-1)! - first) / 4 || 1;
      console.table([0, 1, 2, 3].map((q) => {
        const lags = lagMs.filter((_, i) => Math.min(3, Math.floor((ackedAt[i]! - first) / quarter)) === q);
        return {
          'seconds into the load': `${(first + q * quarter).toFixed(0)}-${(first + (q + 1) * quarter).toFixed(0)}`,
          plays: lags.length,
          'lag p50 ms': percentile(lags, 50).toFixed(0),
          'lag max ms': lags.length ? Math.max(...lags).toFixed(0) : 'n/a',
        };
      }));
    }
    console.log(`warehouse projections behind the log when the last play was measured: ${behind.join('; ')}`);
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    await stopProduct(product);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
