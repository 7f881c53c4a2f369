import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryEntity } from '../../../../schemas/api/back-office/library-entities.ts';
import { eventEntity, userEntity } from '../../../../schemas/api/back-office/group-entities.ts';
import { loggingEntity } from '../../../../schemas/api/back-office/read-entities.ts';
import { ResidentQuery } from '../../../../schemas/api/residents.ts';
import { MergeArtistsRequest } from '../../../../schemas/api/back-office-requests.ts';
import { cellText, fieldSpec, fieldSpecs, fromInput, toInput } from './schema-fields.ts';

describe('fields read from zod schemas', () => {
  it('reads kinds, choices and emptiness of a create schema', () => {
    const specs = Object.fromEntries(fieldSpecs(categoryEntity.create!).map((s) => [s.key, s]));
    expect(specs.name).toMatchObject({ kind: 'text', required: true, nullable: false });
    expect(specs.type).toMatchObject({ kind: 'enum', options: ['Music', 'Program', 'Video'], required: false });
    expect(specs.usageReport).toMatchObject({ kind: 'enum', options: ['targetable', 'report'], nullable: true });
    expect(specs.contentTypePriority!.kind).toBe('number');
    expect(specs.active!.kind).toBe('boolean');
  });

  it('tells dates, instants, id lists and enum lists apart', () => {
    const user = Object.fromEntries(fieldSpecs(userEntity.create!).map((s) => [s.key, s]));
    expect(user.contractStartDate!.kind).toBe('date');
    expect(user.userGroupId).toMatchObject({ kind: 'number', nullable: true });
    expect(fieldSpec('time', (eventEntity.create as z.ZodObject).shape.time!).kind).toBe('datetime');
    const logging = Object.fromEntries(fieldSpecs(loggingEntity.query, ['offset', 'limit', 'sort']).map((s) => [s.key, s]));
    expect(logging.rowIds!.kind).toBe('numberList');
    expect(logging.actions).toMatchObject({ kind: 'enumList', options: ['INSERT', 'UPDATE', 'DELETE'] });
    expect(logging.tables!.kind).toBe('textList');
    expect(logging.offset).toBeUndefined();
    // An id given as text or number (a pipe) is a number to the console.
    expect(fieldSpecs(ResidentQuery).find((s) => s.key === 'userIds')!.kind).toBe('numberList');
    expect(fieldSpecs(MergeArtistsRequest).map((s) => [s.key, s.kind, s.required])).toEqual([
      ['srcIds', 'numberList', true],
      ['dstId', 'number', true],
    ]);
  });

  it('turns inputs into request values, leaving bad ones for the server to name', () => {
    const spec = (key: string) => fieldSpecs(userEntity.create!).find((s) => s.key === key)!;
    expect(fromInput(spec('userGroupId'), '')).toBeNull();
    expect(fromInput(spec('userGroupId'), '12')).toBe(12);
    expect(fromInput(spec('userGroupId'), 'x')).toBe('x');
    expect(fromInput(spec('name'), '')).toBe('');
    expect(fromInput(spec('firstName'), '')).toBeNull();
    expect(fromInput(spec('active'), 'false')).toBe(false);
    expect(fromInput(spec('active'), '')).toBeUndefined();
    expect(toInput(spec('active'), true)).toBe('true');
    const ids = fieldSpecs(MergeArtistsRequest)[0]!;
    expect(fromInput(ids, '1, 2,3')).toEqual([1, 2, 3]);
    expect(fromInput(ids, '')).toBe('');
    expect(fromInput({ ...ids, required: false }, ' ')).toBeUndefined();
    expect(fromInput({ ...spec('userGroupId'), nullable: false, required: true }, '')).toBe('');
    const time = fieldSpec('time', z.iso.datetime({ offset: true }));
    expect(fromInput(time, toInput(time, '2026-03-04T10:15:00.000Z'))).toBe('2026-03-04T10:15:00.000Z');
  });

  it('shortens long cells', () => {
    expect(cellText({ a: 'x'.repeat(100) })).toHaveLength(78);
    expect(cellText(null)).toBe('');
  });
});
