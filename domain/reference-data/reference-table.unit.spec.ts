import { describe, expect, it } from 'vitest';
import { activities } from './activities.ts';
import { entityRegistry, users } from './entity-registry.ts';
import { activeColumn, columnsOf, referencedIds, selectList, toEntity, unitColumn } from './reference-table.ts';
import { residents } from './residents.ts';

describe('reference table definitions', () => {
  it('should answer a row with the API fields, times as ISO text', () => {
    const row = { id: 4, firstName: 'Aino', lastName: 'Lahti', identification: null, userId: 7, userTagGroupId: 2, active: true, extra: 1 };
    expect(toEntity(residents, row)).toEqual({ id: 4, firstName: 'Aino', lastName: 'Lahti', identification: null, userId: 7, userTagGroupId: 2, active: true });
    expect(toEntity(users, { id: 1, active: new Date('2026-11-24T10:00:00Z') })).toMatchObject({ active: '2026-11-24T10:00:00.000Z' });
  });

  it('should store only the fields a body names, as the definition stores them', () => {
    expect(columnsOf(residents, { firstName: 'Aino', identification: '', userId: undefined })).toEqual({ first_name: 'Aino', identification: null });
    expect(columnsOf(activities, { name: 'Walk', userId: 7, active: false })).toEqual({ name: 'Walk', user_id: 7, active: false });
  });

  it('should name the unit, active and selected columns', () => {
    expect(unitColumn(activities)).toBe('user_id');
    expect(activeColumn(residents)).toBe('active');
    expect(selectList(activities)).toBe('r.id AS id, r."name" AS "name", r."user_id" AS "userId", r."active" AS "active"');
  });

  it('should name the referenced rows a body points at, lists one by one', () => {
    expect(referencedIds(users, { userGroupId: 3, residentId: null, name: 'x' })).toEqual([{ field: 'userGroupId', table: 'user_groups', ids: [3] }]);
  });

  it('should give every entity a path of its own, a default sort and a schema per sort', () => {
    const names = entityRegistry.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const definition of entityRegistry) {
      expect(Object.keys(definition.sorts).length, definition.name).toBeGreaterThan(0);
      expect(Boolean(definition.schemas.create), definition.name).toBe(Boolean(definition.schemas.change));
    }
  });
});
