import { describe, expect, it } from 'vitest';
import { pageCount, pagedListPages, pageOfIndex } from './paged-list.ts';

describe('pagedListPages', () => {
  it('should show nothing without pages and every page when there are few', () => {
    expect(pagedListPages(1, 0)).toEqual([]);
    expect(pagedListPages(1, 1)).toEqual([1]);
    expect(pagedListPages(2, 3)).toEqual([1, 2, 3]);
  });

  it('should show the first two pages, an ellipsis and the last page', () => {
    expect(pagedListPages(1, 9)).toEqual([1, 2, 'ellipsis', 9]);
  });

  it('should keep the current page in view between ellipses', () => {
    expect(pagedListPages(5, 9)).toEqual([1, 2, 'ellipsis', 5, 'ellipsis', 9]);
    expect(pagedListPages(3, 9)).toEqual([1, 2, 3, 'ellipsis', 9]);
    expect(pagedListPages(8, 9)).toEqual([1, 2, 'ellipsis', 8, 9]);
  });

  it('should clamp a page outside the range', () => {
    expect(pagedListPages(40, 4)).toEqual([1, 2, 'ellipsis', 4]);
    expect(pagedListPages(0, 4)).toEqual([1, 2, 'ellipsis', 4]);
  });
});

describe('pageCount and pageOfIndex', () => {
  it('should count partial pages and find the page of an index', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageOfIndex(0, 10)).toBe(1);
    expect(pageOfIndex(9, 10)).toBe(1);
    expect(pageOfIndex(10, 10)).toBe(2);
  });
});
