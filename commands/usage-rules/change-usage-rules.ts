// The decider of a rules change lives in domain/usage-rules.ts: the warehouse rebuild records rules
// too, and projections/ may not import commands/.
export { changeUsageRulesDecider, type ChangeUsageRules } from '../../domain/usage-rules.ts';
