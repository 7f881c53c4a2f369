import { describe, expect, it } from 'vitest';
import { activities } from './activities.ts';
import { activeColumn, columnsOf, selectedColumns, toEntity, unitColumn } from './reference-table.ts';
import { residents } from './residents.ts';

describe('reference table definitions', () => {
  it('should answer a row with the API fields of its columns', () => {
    const row = { id: 4, first_name: 'Aino', last_name: 'Lahti', identification: null, user_id: 7, user_tag_group_id: 2, active: true, created_at: '2026-11-24' };
    expect(toEntity(residents, row)).toEqual({ id: 4, firstName: 'Aino', lastName: 'Lahti', identification: null, userId: 7, userTagGroupId: 2, active: true });
  });

  it('should store only the fields a body names, as the definition stores them', () => {
    expect(columnsOf(residents, { firstName: 'Aino', identification: '', userId: undefined })).toEqual({ first_name: 'Aino', identification: null });
    expect(columnsOf(activities, { name: 'Walk', userId: 7, active: false })).toEqual({ name: 'Walk', user_id: 7, active: false });
  });

  it('should name the unit, active and selected columns', () => {
    expect(unitColumn(activities)).toBe('user_id');
    expect(activeColumn(residents)).toBe('active');
    expect(selectedColumns(activities)).toEqual(['id', 'name', 'user_id', 'active']);
  });
});
