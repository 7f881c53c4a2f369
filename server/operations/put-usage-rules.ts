import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { readUsageRules } from '../../queries/usage-rules/get-usage-rules.ts';
import { StartRebuildRequest, UsageRulesResponse } from '../../schemas/api/rebuild.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';

// PUT /api/admin/usage-rules {rules, from?}: a rules change is a rebuild (DOMAIN.md section 3): the new
// rules serve only after the operator switches to the version built under them. An operating route
// rather than a domain command: recording the rules and starting the rebuild are one step of the
// projection machine (projections/warehouse/rebuild.ts does both).

export function putUsageRulesRoute(app: App): void {
  app.put('/api/admin/usage-rules', { schema: { body: StartRebuildRequest, response: { 200: UsageRulesResponse } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const rebuilds = rebuildsOf(app.deps);
    await rebuilds.startRebuild({ rules: request.body.rules, from: request.body.from, actor: { userId }, at: app.deps.now() });
    return readUsageRules(app.deps.store, rebuilds);
  });
}
