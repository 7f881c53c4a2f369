// Spec 1 section 2: the paged list of the favorites area shows Previous/Next, the first two pages
// and the last page, with an ellipsis. The current page is shown too, so the user sees where
// they are. Pages are 1-based.

export type PagedListItem = number | 'ellipsis';

export function pagedListPages(current: number, total: number): PagedListItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = [...new Set([1, 2, page, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PagedListItem[] = [];
  shown.forEach((p, i) => {
    const previous = shown[i - 1];
    if (previous !== undefined && p - previous > 1) items.push('ellipsis');
    items.push(p);
  });
  return items;
}

export function pageCount(totalCount: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(totalCount / pageSize) : 0;
}

/** The page (1-based) holding a 0-based overall index. */
export function pageOfIndex(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}
