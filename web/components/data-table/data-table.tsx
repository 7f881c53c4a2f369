import { useTable, type PaginationState, type RowData, type SortingState } from '@tanstack/react-table';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './pager.tsx';
import { reportTableFeatures, type ReportColumn } from './table-features.ts';
import { useResultsCount } from './use-results-count.ts';
import { pageSelectionState, toggleKey, togglePage, type SelectionKey } from '../widgets/widget-rules.ts';
import './data-table.css';

interface DataTableProps<TData extends RowData> {
  /** Stable (module scope or memoised): a new array rebuilds the table's models. */
  columns: ReportColumn<TData>[];
  data: TData[];
  emptyText: string;
  initialSorting?: SortingState;
  /** Rows below the body that neither sort nor page, e.g. per-resident totals. */
  footer?: ReactNode;
  /** Overrides the user's resultsCount setting. */
  pageSize?: number;
  /**
   * Paged by the server (a log of every play of a year): `data` is one page as it came, in the
   * server's order, and the pager asks for another page. Headers do not sort then: sorting one page
   * of many would mislead.
   */
  serverPage?: { pageIndex: number; pageCount: number; onPage: (index: number) => void };
  testId?: string;
  /** Rows that open something (a message list): the whole row is the click target. */
  onRowClick?: (row: TData) => void;
  /** A class per row (an unread message is bold). */
  rowClassName?: (row: TData) => string | undefined;
  /** Checkbox selection (spec 1 section 2): a first column of checkboxes, the header's for the page shown. */
  selection?: { keyOf: (row: TData) => SelectionKey; selected: ReadonlySet<SelectionKey>; onChange: (next: Set<SelectionKey>) => void };
}

/** A sortable table paged by the user's resultsCount with the spec's pager; headers sort on click. */
export function DataTable<TData extends RowData>({
  columns,
  data,
  emptyText,
  initialSorting,
  footer,
  pageSize,
  serverPage,
  testId,
  onRowClick,
  rowClassName,
  selection,
}: DataTableProps<TData>) {
  const { t } = useTranslation();
  const resultsCount = useResultsCount();
  const size = pageSize ?? resultsCount;
  const [sorting, setSorting] = useState<SortingState>(initialSorting ?? []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: size });

  // New data (another period, filter or user) or a new page size starts again from the first page.
  useEffect(() => setPagination({ pageIndex: 0, pageSize: size }), [data, size]);

  const table = useTable({
    features: reportTableFeatures,
    columns,
    data,
    state: serverPage ? { sorting: [], pagination: { pageIndex: 0, pageSize: Math.max(data.length, 1) } } : { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    manualPagination: !!serverPage,
    manualSorting: !!serverPage,
    enableSorting: !serverPage,
    autoResetPageIndex: false,
    // Every column cycles the same way (ascending, descending, unsorted), numbers included.
    sortDescFirst: false,
  });

  const pageKeys = selection ? table.getRowModel().rows.map((row) => selection.keyOf(row.original)) : [];
  const pageState = selection ? pageSelectionState(pageKeys, selection.selected) : 'none';
  const pager = serverPage ?? { pageIndex: pagination.pageIndex, pageCount: table.getPageCount(), onPage: (index: number) => table.setPageIndex(index) };
  return (
    <div className="data-table" data-testid={testId}>
      <div className="data-table-scroll">
        <table>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection && (
                  <th className="data-table-select">
                    <input
                      type="checkbox"
                      aria-label={t('Select all on this page')}
                      data-testid="select-page"
                      checked={pageState === 'all'}
                      ref={(box) => {
                        if (box) box.indeterminate = pageState === 'some';
                      }}
                      disabled={pageKeys.length === 0}
                      onChange={() => selection.onChange(togglePage(selection.selected, pageKeys))}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()} title={t('Sort')}>
                          <table.FlexRender header={header} />
                          <span className="sort-mark" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {data.length === 0 ? (
              <tr>
                <td className="data-table-empty" colSpan={columns.length + (selection ? 1 : 0)}>
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className={[rowClassName?.(row.original), onRowClick ? 'clickable-row' : undefined].filter(Boolean).join(' ') || undefined}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  aria-selected={selection ? selection.selected.has(selection.keyOf(row.original)) : undefined}
                >
                  {selection && (
                    <td className="data-table-select" onClick={(e) => e.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={t('Select row')}
                        data-testid="select-row"
                        checked={selection.selected.has(selection.keyOf(row.original))}
                        onChange={() => selection.onChange(toggleKey(selection.selected, selection.keyOf(row.original)))}
                      />
                    </td>
                  )}
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {footer && <tfoot>{footer}</tfoot>}
        </table>
      </div>
      <Pager pageIndex={pager.pageIndex} pageCount={pager.pageCount} onPage={pager.onPage} />
    </div>
  );
}
