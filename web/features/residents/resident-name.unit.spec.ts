import { describe, expect, it } from 'vitest';
import { byName, residentName } from './resident-name.ts';

describe('residentName', () => {
  it('should join first and last name and give null for an empty one', () => {
    expect(residentName({ firstName: 'Aino', lastName: 'Virtanen' })).toBe('Aino Virtanen');
    expect(residentName({ firstName: ' ', lastName: 'Virtanen' })).toBe('Virtanen');
    expect(residentName({ firstName: '', lastName: '  ' })).toBeNull();
  });

  it('should order by first name, then last name', () => {
    const rows = [
      { firstName: 'Onni', lastName: 'Koskinen' },
      { firstName: 'Aino', lastName: 'Virtanen' },
      { firstName: 'Aino', lastName: 'Laine' },
    ];
    expect([...rows].sort(byName).map((r) => `${r.firstName} ${r.lastName}`)).toEqual(['Aino Laine', 'Aino Virtanen', 'Onni Koskinen']);
  });
});
