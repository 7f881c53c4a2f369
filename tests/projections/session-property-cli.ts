import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

// npm run test:sessions -- [--seeds N] [--first N]: the session property test
// (tests/projections/usage-warehouse-sessions.int.spec.ts) with more seeds than CI's 200.

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '2000' }, first: { type: 'string', default: '1' } } });
const positive = (text: string, name: string) => {
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    console.error(`--${name}: a whole number of at least 1, not ${JSON.stringify(text)}`);
    process.exit(64);
  }
  return text;
};
const result = spawnSync('npx', ['vitest', 'run', 'tests/projections/usage-warehouse-sessions.int.spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SESSION_PROPERTY_SEEDS: positive(values.seeds, 'seeds'), SESSION_PROPERTY_FIRST_SEED: positive(values.first, 'first'), SESSION_PROPERTY_TIMING: '1' },
});
process.exit(result.status ?? 1);
