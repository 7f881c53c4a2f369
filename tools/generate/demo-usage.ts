import type { App } from '../../server/http/zod.ts';
import { demoUnits } from '../seed/demo-units.ts';
import { generateWorkload, type GenerateResult } from './generate-workload.ts';

// The demo units' last 90 days of usage (issue 3, deliverable 7; DEMO_USAGE_DAYS changes the count), written on first start so the
// reports have something to show. Through the direct command path: about 150k events, 15-20 s on
// PGlite (docs/benchmarks.md), which main.ts runs after the URL is printed; the projections then
// catch up visibly in GET /api/admin/projections. Fixed seed: every demo install has the same usage.

export const demoUsageDays = 90;
export const demoUsageSeed = 2026;

export function generateDemoUsage(app: App, options: { days?: number; signal?: AbortSignal } = {}): Promise<GenerateResult> {
  return generateWorkload({ app, unitNames: demoUnits.map((unit) => unit.name), days: options.days ?? demoUsageDays, seed: demoUsageSeed, via: 'direct', signal: options.signal });
}
