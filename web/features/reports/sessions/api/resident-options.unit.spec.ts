import { describe, expect, it } from 'vitest';
import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { residentsOf } from './resident-options.ts';

type Session = UsageSessions['sessions'][number];
const session = (participants: Session['participants']) => ({ participants }) as Session;

describe('residentsOf', () => {
  it('should list each participant once, by last then first name', () => {
    const residents = residentsOf([
      session([{ id: 2, firstName: 'Onni', lastName: 'Koskinen' }, { id: 1, firstName: 'Aino', lastName: 'Virtanen' }]),
      session([{ id: 3, firstName: 'Eino', lastName: 'Koskinen' }, { id: 2, firstName: 'Onni', lastName: 'Koskinen' }]),
      session([]),
    ]);
    expect(residents.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('should give no residents for sessions without participants', () => {
    expect(residentsOf([session([]), session([])])).toEqual([]);
  });
});
