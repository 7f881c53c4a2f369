import { usageRulesOf } from '../../domain/usage-rules/usage-rules.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { rebuildsOf, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { UsageRulesResponse } from '../../schemas/api/rebuild.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { streams } from '../../schemas/events/index.ts';

// GET /api/admin/usage-rules: the latest recorded rules and the rules of the serving version,
// which differ while a rebuild has not been switched to.

export async function readUsageRules(store: EventStore, rebuilds: Pick<Rebuilds, 'versions'>): Promise<UsageRulesResponse> {
  const history = await store.readStream(streams.usageRules());
  const rules = usageRulesOf(history as unknown as EventOf<'UsageRulesChanged'>[]);
  const { current } = await rebuilds.versions();
  return { rules, currentVersion: current.version, currentRules: current.rules };
}

export function getUsageRulesRoute(app: App): void {
  app.get('/api/admin/usage-rules', { schema: { response: { 200: UsageRulesResponse } } }, async (request) => {
    await requireOperator(request);
    return readUsageRules(app.deps.store, rebuildsOf(app.deps));
  });
}
