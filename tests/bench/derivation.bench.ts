import os from 'node:os';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { catalogue } from '../support/derivation-fixtures.ts';
import { deriveUserUsage } from '../../projections/warehouse/derivation/derive-user-usage.ts';
import type { PlaySampleRow, SessionStartRow, SessionStopRow, UserUsageInput } from '../../projections/warehouse/derivation/types.ts';

// `npx tsx tests/bench/derivation.bench.ts [samples]`: throughput of the pure usage derivation
// (no I/O), i.e. the ceiling for the warehouse projector's derive step. Default 1M play samples over
// 200 users, a sample every 5-15 s, plays of 1-6 minutes, a visit or two a day, a third of the
// visits in an explicit session. Not a test: it prints samples/s for docs/benchmarks.md.

const totalSamples = Number(process.argv[2] ?? 1_000_000);
const users = 200;
const perUser = Math.ceil(totalSamples / users);

function inputFor(userId: number): UserUsageInput {
  let seed = userId * 2654435761;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const samples: PlaySampleRow[] = [];
  const sessionStarts: SessionStartRow[] = [];
  const sessionStops: SessionStopRow[] = [];
  let t = Date.parse('2026-01-01T08:00:00Z');
  while (samples.length < perUser) {
    t += 8 * 3_600_000 + Math.floor(random() * 16 * 3_600_000); // next visit
    const sessionId = `00000000-0000-4000-8000-${String(userId).padStart(4, '0')}${String(samples.length).padStart(8, '0')}`;
    const explicit = random() < 0.33;
    if (explicit) sessionStarts.push({ eventId: `st-${sessionId}`, clientTime: t, sessionId, residentIds: [1, 2], activityIds: [3], outdoors: false });
    for (let play = 3 + Math.floor(random() * 12); play > 0 && samples.length < perUser; play--) {
      const audioFileId = 1 + Math.floor(random() * 4);
      const manualStart = random() < 0.5;
      let position = 0;
      for (let n = 12 + Math.floor(random() * 60); n > 0 && samples.length < perUser; n--) {
        samples.push({ eventId: `s-${userId}-${samples.length}`, clientTime: t, audioFileId, position, playSource: manualStart ? 'Search' : null, itemType: 'Audio', categoryId: null, manualStart });
        const step = 5_000 + Math.floor(random() * 10_000);
        t += step;
        position += step / 1000;
      }
      t += Math.floor(random() * 120_000);
    }
    if (explicit) sessionStops.push({ eventId: `sp-${sessionId}`, clientTime: t + 60_000, sessionId });
  }
  // Raw tables hand rows back in no particular order.
  samples.reverse();
  return { userId, now: t + 86_400_000, samples, sessionStarts, sessionStops, videoActions: [], catalogue };
}

const inputs = Array.from({ length: users }, (_, i) => inputFor(i + 1));
const sampleCount = inputs.reduce((n, i) => n + i.samples.length, 0);

let plays = 0;
let sessions = 0;
const started = performance.now();
for (const input of inputs) {
  const out = deriveUserUsage(input, defaultUsageRules, 'Europe/Helsinki');
  plays += out.plays.length;
  sessions += out.sessions.length;
}
const seconds = (performance.now() - started) / 1000;

console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}`);
console.log(`derived ${sampleCount.toLocaleString('en')} samples of ${users} users -> ${plays.toLocaleString('en')} plays, ${sessions.toLocaleString('en')} sessions`);
console.log(`${seconds.toFixed(2)} s, ${Math.round(sampleCount / seconds).toLocaleString('en')} samples/s`);
