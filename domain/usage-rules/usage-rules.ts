import { isDeepStrictEqual } from 'node:util';
import { accessDenied } from '../../infra/errors.ts';
import type { Decider } from '../../infra/event-store/decider.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { defaultUsageRules, type UsageRules } from '../../schemas/events/usage-rules.ts';

// The usage rules are data on the `usage-rules` stream. A change that changes nothing appends
// nothing, so an operator pressing "save" twice does not trigger a second warehouse rebuild.
// Here in domain/ rather than commands/: the warehouse rebuild (projections/warehouse/rebuild.ts)
// records the rules it builds under, and GET /api/admin/usage-rules folds them.

type UsageRulesChanged = EventOf<'UsageRulesChanged'>;

export interface ChangeUsageRules {
  actor: { userId: number; canChangeRules: boolean };
  rules: UsageRules;
  at: string;
}

export const changeUsageRulesDecider: Decider<ChangeUsageRules, UsageRulesChanged, UsageRules> = {
  initialState: () => defaultUsageRules,
  evolve: (_state, event) => event.data.rules,
  decide(command, current) {
    if (!command.actor.canChangeRules) throw accessDenied();
    if (isDeepStrictEqual(normalise(current), normalise(command.rules))) return [];
    return [{ type: 'UsageRulesChanged', data: { rules: command.rules, changedByUserId: command.actor.userId, at: command.at } }];
  },
};

/** Source order and merge-key order carry no meaning. */
const normalise = (rules: UsageRules) => ({
  ...rules,
  guidedSources: [...rules.guidedSources].sort(),
  contentTypeMerge: Object.fromEntries(Object.entries(rules.contentTypeMerge).sort(([a], [b]) => a.localeCompare(b))),
});

/** The rules in force after these events of the `usage-rules` stream. */
export const usageRulesOf = (history: readonly UsageRulesChanged[]): UsageRules =>
  history.reduce((state, event) => changeUsageRulesDecider.evolve(state, event), changeUsageRulesDecider.initialState());
