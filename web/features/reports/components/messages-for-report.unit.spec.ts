import { describe, expect, it } from 'vitest';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import { itemsByMessage, messagePeriod, webLink } from './messages-for-report.ts';

describe('messagePeriod', () => {
  // Each end in its own offset: winter, across the change to summer time and back, west of UTC.
  it.each([
    ['2026-01-01', '2026-01-31', 'Europe/Helsinki', '2026-01-01T00:00:00+02:00', '2026-02-01T00:00:00+02:00'],
    ['2026-01-01', '2026-01-31', 'Europe/Stockholm', '2026-01-01T00:00:00+01:00', '2026-02-01T00:00:00+01:00'],
    ['2026-03-01', '2026-03-31', 'Europe/Helsinki', '2026-03-01T00:00:00+02:00', '2026-04-01T00:00:00+03:00'],
    ['2026-10-01', '2026-10-31', 'Europe/Helsinki', '2026-10-01T00:00:00+03:00', '2026-11-01T00:00:00+02:00'],
    ['2026-01-05', '2026-01-05', 'America/New_York', '2026-01-05T00:00:00-05:00', '2026-01-06T00:00:00-05:00'],
  ])('should run from %s to the midnight after %s in %s', (firstDay, lastDay, zone, startTime, endTime) => {
    expect(messagePeriod(firstDay, lastDay, zone)).toEqual({ startTime, endTime });
  });
  it('should cross the end of a year', () => {
    expect(messagePeriod('2025-12-31', '2025-12-31', 'Europe/Helsinki').endTime).toBe('2026-01-01T00:00:00+02:00');
  });
  it('should fall back to Helsinki time for an unknown zone', () => {
    expect(messagePeriod('2026-06-01', '2026-06-30', 'Mars/Olympus')).toEqual({
      startTime: '2026-06-01T00:00:00+03:00',
      endTime: '2026-07-01T00:00:00+03:00',
    });
  });
});

describe('itemsByMessage', () => {
  const item = (id: number, messageId: number, order: number): MessageItem => ({
    id,
    messageId,
    order,
    type: 'InlineHTML',
    html: `<p>${id}</p>`,
    audioFileId: null,
    recipeId: null,
    fileId: null,
    url: null,
    contentType: null,
    trackClicks: false,
    audioFileName: null,
  });
  it("should group the items by message, keeping the API's order", () => {
    const grouped = itemsByMessage([item(2, 3, 0), item(3, 5, 0), item(1, 5, 1)]);
    expect(grouped.get(5)?.map((i) => i.id)).toEqual([3, 1]);
    expect(grouped.get(3)?.map((i) => i.id)).toEqual([2]);
    expect(grouped.get(4)).toBeUndefined();
  });
});

describe('webLink', () => {
  it('should link web addresses only', () => {
    expect(webLink('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(webLink('http://example.com')).toBe('http://example.com');
    expect(webLink('mailto:tuki@sointu.example')).toBe('mailto:tuki@sointu.example');
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink('JavaScript:alert(1)')).toBeNull();
    expect(webLink('data:text/html,hi')).toBeNull();
    expect(webLink('not a url')).toBeNull();
    expect(webLink(null)).toBeNull();
  });
});
