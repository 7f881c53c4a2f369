import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { setTargetCountDecider, type SetTargetCount } from './set-target-count.ts';

const spec = deciderSpec(setTargetCountDecider);
const unit = 11;
const admin = { userId: 2, adminOfUserIds: [unit] };
const command = (over: Partial<SetTargetCount> = {}): SetTargetCount => ({
  actor: { userId: unit, adminOfUserIds: [] },
  userId: unit,
  field: 'sessions',
  categoryId: null,
  day: '2026-11-01',
  value: 20,
  ...over,
});
const set = (value: number, setByUserId = unit) => ({
  type: 'TargetCountSet' as const,
  data: { userId: unit, setByUserId, field: 'sessions' as const, categoryId: null, day: '2026-11-01', value },
});

describe('set-target-count decider', () => {
  it('sets a user own session target', () => spec.given([]).when(command()).then([set(20)]));
  it('lets an administrator of the user set it', () => spec.given([]).when(command({ actor: admin })).then([set(20, 2)]));
  it('refuses anyone else', () => spec.given([]).when(command({ actor: { userId: 3, adminOfUserIds: [12] } })).thenThrows('AccessDenied'));
  it('appends nothing when the value is unchanged', () => spec.given([set(20)]).when(command()).then([]));
  it('treats a missing target as 0', () => spec.given([]).when(command({ value: 0 })).then([]));
  it('changes an earlier value', () => spec.given([set(20), set(35)]).when(command({ value: 40 })).then([set(40)]));
  it('refuses values off the 5-step scale or out of range', () => {
    spec.given([]).when(command({ value: 7 })).thenThrows('ValidationError');
    spec.given([]).when(command({ value: 105 })).thenThrows('ValidationError');
    spec.given([]).when(command({ value: -5 })).thenThrows('ValidationError');
  });
  it('needs a category id for category targets only', () => {
    spec.given([]).when(command({ field: 'categories' })).thenThrows('ValidationError');
    spec.given([]).when(command({ categoryId: 4 })).thenThrows('ValidationError');
  });
});
