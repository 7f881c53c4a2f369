import { describe, expect, it } from 'vitest';
import { listIdFromHash } from './hash-list-id.ts';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('listIdFromHash', () => {
  it('should read the list id from URI-encoded JSON', () => {
    expect(listIdFromHash(`#${encodeURIComponent(JSON.stringify({ userTagGroupId: 12 }))}`)).toBe(12);
    expect(listIdFromHash(`#${encodeURIComponent(JSON.stringify({ userTagGroupId: '7', other: true }))}`)).toBe(7);
  });

  it('should read the list id from base64url JSON', () => {
    expect(listIdFromHash(`#${base64url(JSON.stringify({ userTagGroupId: 0 }))}`)).toBe(0);
  });

  it('should ignore an empty, unreadable or differently shaped hash', () => {
    expect(listIdFromHash('')).toBeNull();
    expect(listIdFromHash('#')).toBeNull();
    expect(listIdFromHash('#section-2')).toBeNull();
    expect(listIdFromHash(`#${encodeURIComponent(JSON.stringify({ userTagGroupId: -1 }))}`)).toBeNull();
    expect(listIdFromHash(`#${encodeURIComponent(JSON.stringify({ userName: 'x' }))}`)).toBeNull();
    expect(listIdFromHash(`#${encodeURIComponent('[1,2]')}`)).toBeNull();
  });
});
