import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { Pager } from '../../../../components/data-table/pager.tsx';
import '../../../../components/data-table/data-table.css';

// The logs are paged by the server (they can hold every play of a year), so this table shows one
// page as it came, in the server's order (by time), and the pager asks for another page. No row
// models beyond the core: sorting one page of many would mislead.
export const logTableFeatures = tableFeatures({});
export type LogColumn<TData extends RowData> = ColumnDef<typeof logTableFeatures, TData, any>;
export const logColumnHelper = <TData extends RowData>() => createColumnHelper<typeof logTableFeatures, TData>();

interface ServerPagedTableProps<TData extends RowData> {
  /** Stable (module scope or memoised). */
  columns: LogColumn<TData>[];
  rows: TData[];
  pageIndex: number;
  pageCount: number;
  onPage: (index: number) => void;
  emptyText: string;
  testId: string;
}

export function ServerPagedTable<TData extends RowData>({ columns, rows, pageIndex, pageCount, onPage, emptyText, testId }: ServerPagedTableProps<TData>) {
  const table = useTable({ features: logTableFeatures, columns, data: rows });
  return (
    <div className="data-table" data-testid={testId}>
      <div className="data-table-scroll">
        <table>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id}>{header.isPlaceholder ? null : <table.FlexRender header={header} />}</th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="data-table-empty" colSpan={columns.length}>
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager pageIndex={pageIndex} pageCount={pageCount} onPage={onPage} />
    </div>
  );
}
