import { describe, expect, it } from 'vitest';
import { pageCountOf, pagerItems, type PagerItem } from './pager.ts';

/** Pages as 1-based numbers the way a user reads them, '…' for the ellipsis, '[n]' for the current one. */
const labels = (items: PagerItem[]) =>
  items.map((item) => (item.kind === 'ellipsis' ? '…' : item.current ? `[${item.index + 1}]` : String(item.index + 1)));

describe('pagerItems', () => {
  it('should show no pager for a single page or none', () => {
    expect(pagerItems(0, 1)).toEqual([]);
    expect(pagerItems(0, 0)).toEqual([]);
  });

  it('should list every page when there are 15 or fewer', () => {
    expect(labels(pagerItems(2, 4))).toEqual(['1', '2', '[3]', '4']);
    expect(labels(pagerItems(14, 15))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '[15]']);
  });

  it('should show the first 15 pages and no ellipsis while the current page is below 15', () => {
    const items = labels(pagerItems(14, 40));
    expect(items).toHaveLength(15);
    expect(items[0]).toBe('1');
    expect(items.at(-1)).toBe('[15]');
    expect(items).not.toContain('…');
  });

  it('should show the first page, an ellipsis and 15 trailing pages once the current page is 15 or more', () => {
    expect(labels(pagerItems(15, 40))).toEqual(['1', '…', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '[16]']);
    const far = labels(pagerItems(29, 40));
    expect(far).toEqual(['1', '…', '16', '17', '18', '19', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '[30]']);
    expect(far.filter((label) => label !== '1' && label !== '…')).toHaveLength(15);
  });

  it('should clamp a page index outside the pages to the nearest page', () => {
    expect(labels(pagerItems(-3, 3))).toEqual(['[1]', '2', '3']);
    expect(labels(pagerItems(99, 20)).at(-1)).toBe('[20]');
    expect(labels(pagerItems(99, 20))).toHaveLength(17);
  });
});

describe('pageCountOf', () => {
  it('should round up and keep one page for no rows', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
    expect(pageCountOf(101, 5)).toBe(21);
  });
});
