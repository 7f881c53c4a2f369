// Spec 1 section 9 and its widgets list: the pager shows up to 15 trailing page numbers plus the
// first page, with an ellipsis once the current page is 15 or more (counted from 0, as the table
// state counts). Below that the first 15 pages show; from there the 15 pages ending at the
// current one trail it, so the current page and the 14 before it are always one click away.

export const trailingPages = 15;

export type PagerItem = { kind: 'page'; index: number; current: boolean } | { kind: 'ellipsis' };

/** The pager's buttons for a 0-based page index among pageCount pages; nothing for a single page. */
export function pagerItems(pageIndex: number, pageCount: number): PagerItem[] {
  if (pageCount <= 1) return [];
  const current = Math.min(Math.max(0, Math.trunc(pageIndex)), pageCount - 1);
  const page = (index: number): PagerItem => ({ kind: 'page', index, current: index === current });
  if (current < trailingPages) {
    return Array.from({ length: Math.min(pageCount, trailingPages) }, (_, index) => page(index));
  }
  const first = current - trailingPages + 1;
  return [page(0), { kind: 'ellipsis' }, ...Array.from({ length: trailingPages }, (_, offset) => page(first + offset))];
}

/** Page count for a row count; a table without rows still has its one (empty) page. */
export function pageCountOf(rowCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rowCount / Math.max(1, pageSize)));
}
