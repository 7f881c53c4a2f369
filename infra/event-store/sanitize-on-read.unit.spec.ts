import { describe, expect, it } from 'vitest';
import { isSuspectJson, sanitizeEventData } from './sanitize-on-read.ts';

describe('repairing old events on read', () => {
  const recordedAt = '2026-05-04T10:00:00.000Z';
  it('should strip NUL, replace lone surrogates, and give insane times the recorded time', () => {
    const data = { name: 'a\u0000b\ud800', ok: '😀', at: '0000-01-01T00:00:00Z', clientTime: '2026-01-01T00:00:00Z', day: '9999-12-01', query: '1999-01-01T00:00:00Z', params: { ['k\u0000']: ['\udc00'] }, n: 1, none: null };
    expect(sanitizeEventData(data, recordedAt)).toEqual({ name: 'ab\ufffd', ok: '😀', at: recordedAt, clientTime: '2026-01-01T00:00:00Z', day: '2026-05-04', query: '1999-01-01T00:00:00Z', params: { k: ['\ufffd'] }, n: 1, none: null });
  });
  it('should pass clean stored text by without a walk', () => {
    expect(isSuspectJson(JSON.stringify({ q: 'ä 😀 \\ "', at: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(isSuspectJson(JSON.stringify({ q: 'a\u0000' }))).toBe(true);
    expect(isSuspectJson(JSON.stringify({ q: '\ud800' }))).toBe(true);
    expect(isSuspectJson(JSON.stringify({ at: '9999-01-01T00:00:00Z' }))).toBe(true);
    expect(isSuspectJson(JSON.stringify({ day: '1969-01-01' }))).toBe(true);
  });
});
