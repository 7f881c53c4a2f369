import { parseArgs } from 'node:util';
import { comparisonPeriod } from '../../server/operations/get-rebuild-status.ts';
import { compareHeadlines } from '../../projections/warehouse/rebuild-comparison.ts';
import { createRebuilds, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import type { HeadlineFigures, RebuildProgress } from '../../schemas/api/rebuild.ts';
import { UsageRules } from '../../schemas/events/usage-rules.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { loadConfig, type Config } from '../../infra/config.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { AppError } from '../../infra/errors.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { connectSql } from '../../infra/sql/connect.ts';
import { claimDataDir } from '../../infra/files/data-dir-lock.ts';
import type { Sql } from '../../infra/sql/sql.ts';

// npm run rebuild -- --short-session-seconds 60 --max-pause-seconds 300 [--switch] [--drop-old]
// [--first 2026-01-01 --last 2026-01-31]: builds the next usage warehouse version under the
// changed rules (the others stay as the serving version has them), with a progress bar, then
// prints the headline figures old vs new; --switch makes the new version serve, --drop-old then
// drops the tables of the versions below the serving one (alone, it only drops). The new version
// starts from the serving version's raw tables; --from-log replays the event log from position 0.
// A rebuild left unfinished by an interrupted run is resumed instead. --same-rules builds the next
// version under the rules in force (no rule flags): after an upgrade that corrects the derivation,
// it brings an existing warehouse to the corrected figures (docs/warehouse.md, "Rebuilding").

const usage =
  'usage: npm run rebuild -- [--short-session-seconds N] [--max-pause-seconds N] [--guided-sources Recipe,Search,...] ' +
  '[--content-type-merge "Video=Theme,Sing Along=SingAlong"] [--first YYYY-MM-DD] [--last YYYY-MM-DD] [--from-log] [--same-rules] [--switch] [--drop-old]';

const ruleFlags = {
  shortSessionSeconds: 'short-session-seconds',
  maxPauseSeconds: 'max-pause-seconds',
  guidedSources: 'guided-sources',
  contentTypeMerge: 'content-type-merge',
} as const satisfies Record<keyof UsageRules, string>;

type RuleValues = Partial<Record<(typeof ruleFlags)[keyof UsageRules], string>>;

const list = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

/** The rule fields given on the command line, checked before any storage is opened. */
function ruleOverrides(values: RuleValues): { rules: Partial<UsageRules> } | { error: string } {
  const given: Record<string, unknown> = {};
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : text);
  if (values['short-session-seconds'] !== undefined) given.shortSessionSeconds = number(values['short-session-seconds']);
  if (values['max-pause-seconds'] !== undefined) given.maxPauseSeconds = number(values['max-pause-seconds']);
  if (values['guided-sources'] !== undefined) given.guidedSources = list(values['guided-sources']);
  if (values['content-type-merge'] !== undefined) {
    const pairs = list(values['content-type-merge']).map((pair) => pair.split('=').map((side) => side.trim()));
    if (pairs.some((pair) => pair.length !== 2 || !pair[0] || !pair[1])) return { error: '--content-type-merge: expected From=To pairs separated by commas' };
    given.contentTypeMerge = Object.fromEntries(pairs);
  }
  const parsed = UsageRules.partial().safeParse(given);
  if (parsed.success) return { rules: parsed.data };
  return { error: parsed.error.issues.map((i) => `--${ruleFlags[i.path[0] as keyof UsageRules]}: ${i.message}`).join('\n') };
}

const commandLine = () =>
  parseArgs({
    options: {
      'short-session-seconds': { type: 'string' },
      'max-pause-seconds': { type: 'string' },
      'guided-sources': { type: 'string' },
      'content-type-merge': { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      switch: { type: 'boolean', default: false },
      'drop-old': { type: 'boolean', default: false },
      'from-log': { type: 'boolean', default: false },
      'same-rules': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;

async function main(): Promise<number> {
  let values: ReturnType<typeof commandLine>;
  try {
    values = commandLine();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 64;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const overrides = ruleOverrides(values);
  if ('error' in overrides) {
    console.error(`${overrides.error}\n${usage}`);
    return 64;
  }
  if (values['same-rules'] && Object.keys(overrides.rules).length > 0) {
    console.error(`--same-rules derives again under the rules in force: give no rule flags with it\n${usage}`);
    return 64;
  }
  const config = loadConfig();
  const claim = config.databaseUrl && config.clickhouseUrl ? ({ ok: true } as const) : claimDataDir(config.dataDir);
  if (!claim.ok || (await serverIsRunning(config))) {
    const who = claim.ok ? `The Sointu server is running at http://localhost:${config.port}` : `Process ${claim.holderPid} (the Sointu server?) holds ${config.dataDir}`;
    console.error(
      `${who}: the embedded database and chDB can be opened by one process only.\n` +
        'Either stop the server and run this again, or start the rebuild in the running server: POST /api/admin/rebuilds {"rules": ...}\n' +
        '(progress: GET /api/admin/rebuilds/current, switch: POST /api/admin/rebuilds/switch).',
    );
    return 2;
  }

  let sql: Sql | undefined;
  let warehouse: Warehouse | undefined;
  try {
    try {
      sql = await connectSql(config);
      warehouse = await connectWarehouse(config);
    } catch (error) {
      console.error(`Could not open the storage under ${config.dataDir}; is another Sointu process using it?`);
      throw error;
    }
    await migrate(sql);
    const store = createPostgresEventStore(sql);
    await store.setup();
    const rebuilds = createRebuilds({ sql, log: store, warehouse, pollIntervalMs: 200 });
    const state = await rebuilds.versions();

    let progress: RebuildProgress | null = await rebuilds.resumeRebuild();
    if (progress) {
      console.log(`Resuming the rebuild of version ${progress.version} (started earlier) with its own rules; changed rules are not applied to it.`);
    } else if (Object.keys(overrides.rules).length > 0 || !values['drop-old'] || values['same-rules']) {
      const rules = { ...state.current.rules, ...overrides.rules };
      const from = values['from-log'] ? 'log' : 'raw';
      progress = await rebuilds.startRebuild({ rules, actor: { userId: 0 }, at: new Date(), from, sameRules: values['same-rules'] });
      const source = from === 'log' ? 'from position 0 of the event log' : `from the raw tables of version ${state.current.version}`;
      console.log(`Building version ${progress.version} beside version ${state.current.version}, ${source}: ${JSON.stringify(overrides.rules)}`);
    }
    if (progress) await buildAndCompare(rebuilds, progress, state.current.version, warehouse, values);

    if (values['drop-old']) {
      const dropped = await rebuilds.dropOldVersions();
      console.log(dropped.length > 0 ? `Dropped the tables of version ${dropped.join(', ')}.` : 'No version below the serving one to drop.');
    }
    await rebuilds.stop();
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${error.kind}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await warehouse?.close();
    await sql?.close();
  }
}

/** Follows the rebuild to the end with a progress bar, compares old and new, switches if asked. */
async function buildAndCompare(
  rebuilds: Rebuilds,
  started: RebuildProgress,
  currentVersion: number,
  warehouse: Warehouse,
  values: { first?: string; last?: string; switch?: boolean; 'drop-old'?: boolean },
): Promise<void> {
  let progress = started;
  while (!progress.caughtUp) {
    // A bar redrawn in place on a terminal; one line every half second in a log.
    process.stdout.write(process.stdout.isTTY ? `\r${progressLine(progress)}` : `${progressLine(progress)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    progress = (await rebuilds.rebuildStatus()) ?? { ...progress, caughtUp: true };
  }
  process.stdout.write(`${process.stdout.isTTY ? '\r' : ''}${progressLine(progress)}\n`);

  const period = comparisonPeriod({ first: values.first, last: values.last }, new Date());
  const comparison = await compareHeadlines(warehouse, [currentVersion, progress.version], period.first, period.last);
  console.log(`\nHeadline figures ${period.first} .. ${period.last}, all users (short sessions hidden):`);
  console.log(comparisonTable(comparison.old, comparison.new));

  if (values.switch) {
    const version = await rebuilds.switchVersion();
    const drop = values['drop-old'] ? '' : ' Drop the old tables with --drop-old (or POST /api/admin/rebuilds/drop-old).';
    console.log(`\nSwitched: reports read version ${version} now.${drop}`);
  } else {
    console.log('\nNot switched (add --switch, or POST /api/admin/rebuilds/switch in the running server).');
  }
}

/** Only the embedded storage is single-process; a server's /api/ping tells us it holds it. */
async function serverIsRunning(config: Config): Promise<boolean> {
  if (config.databaseUrl && config.clickhouseUrl) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/api/ping`, { signal: AbortSignal.timeout(1000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

function progressLine(p: RebuildProgress): string {
  const width = 30;
  const share = p.eventsTotal === 0 ? 1 : p.eventsDone / p.eventsTotal;
  const filled = Math.round(share * width);
  const eta = p.caughtUp ? 'done' : p.secondsLeft === null ? 'ETA ?' : `ETA ${formatSeconds(p.secondsLeft)}`;
  const deriving = p.stage === 'deriving' ? `  deriving: ${p.derivation ? `${p.derivation.usersDone}/${p.derivation.usersTotal} users` : '...'}` : '';
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(1).padStart(5)}%  ${p.eventsDone}/${p.eventsTotal} events  ${p.eventsPerSecond.toFixed(1)} ev/s  ${eta}${deriving}   `;
}

const formatSeconds = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`);

function comparisonTable(old: HeadlineFigures | null, next: HeadlineFigures | null): string {
  const rows: [string, keyof HeadlineFigures][] = [
    ['sessions', 'sessionCount'],
    ['sessions with participants', 'sessionWithParticipantsCount'],
    ['used days', 'usedDayCount'],
    ['total usage (s)', 'totalUsage'],
  ];
  const cell = (f: HeadlineFigures | null, key: keyof HeadlineFigures) => (f ? String(f[key]) : '-');
  const lines = [['', `v${old?.version ?? '-'} (old)`, `v${next?.version ?? '-'} (new)`, 'change']];
  for (const [label, key] of rows) {
    const change = old && next ? Math.round((next[key] - old[key]) * 1000) / 1000 : null;
    lines.push([label, cell(old, key), cell(next, key), change === null ? '' : change > 0 ? `+${change}` : String(change)]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
