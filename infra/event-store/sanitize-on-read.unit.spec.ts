import { describe, expect, it } from 'vitest';
import { isSuspectJson, sanitizeEventData, sanitizeEventHtml } from './sanitize-on-read.ts';

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

  it('should clean the HTML fields of message items and favorite lists to the HTML policy', () => {
    const raw = '<p style="position:fixed" onclick="x()">Hi<script>x()</script></p>';
    const item = { itemId: 1, type: 'InlineHTML', html: raw, url: null };
    expect(sanitizeEventHtml('MessageItemAdded', { messageId: 1, item })).toEqual({ messageId: 1, item: { ...item, html: '<p>Hi</p>' } });
    expect(sanitizeEventHtml('MessageItemUpdated', { messageId: 1, item: { ...item, html: null } })).toEqual({ messageId: 1, item: { ...item, html: null } });
    expect(sanitizeEventHtml('FavoriteListRenamed', { listId: 2, description: raw })).toEqual({ listId: 2, description: '<p>Hi</p>' });
    // Other events and fields are not HTML: kept as they are, the very same object.
    const search = { query: '<b>x</b>' };
    expect(sanitizeEventHtml('SearchLogged', search)).toBe(search);
    const titled = { messageId: 1, title: '<b>x</b>', item: { ...item, html: 'a & b' } };
    expect(sanitizeEventHtml('MessageItemAdded', titled)).toBe(titled);
  });
});
