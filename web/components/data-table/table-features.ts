import {
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

// One feature set for every report table (sorting, then paging of the sorted rows), kept at module
// scope because TanStack Table v9 rebuilds its row models when the feature object changes.
export const reportTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type ReportTableFeatures = typeof reportTableFeatures;

// `any`: the columns of one table hold values of different types.
export type ReportColumn<TData extends RowData> = ColumnDef<ReportTableFeatures, TData, any>;

export const reportColumnHelper = <TData extends RowData>() => createColumnHelper<ReportTableFeatures, TData>();
