import { describe, it } from 'vitest';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { changeUsageRulesDecider } from './usage-rules.ts';

const spec = deciderSpec(changeUsageRulesDecider);
const operator = { userId: 2, canChangeRules: true };
const at = '2026-11-22T10:00:00.000Z';
const stricter = { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300 };
const changed = (rules = stricter) => ({ type: 'UsageRulesChanged' as const, data: { rules, changedByUserId: 2, at } });

describe('change-usage-rules decider', () => {
  it('records new rules', () => spec.given([]).when({ actor: operator, rules: stricter, at }).then([changed()]));
  it('appends nothing when the rules equal the defaults', () =>
    spec.given([]).when({ actor: operator, rules: defaultUsageRules, at }).then([]));
  it('ignores the order of guided sources', () =>
    spec.given([changed()]).when({ actor: operator, rules: { ...stricter, guidedSources: [...stricter.guidedSources].reverse() }, at }).then([]));
  it('can return to the defaults', () => spec.given([changed()]).when({ actor: operator, rules: defaultUsageRules, at }).then([changed(defaultUsageRules)]));
  it('refuses users who are not operators', () =>
    spec.given([]).when({ actor: { userId: 5, canChangeRules: false }, rules: stricter, at }).thenThrows('AccessDenied'));
});
