import type { ReactNode } from 'react';

export interface DataColumn<R> {
  header: ReactNode;
  /** The cell's data-label (a narrow screen shows it beside the value); by default the header text. */
  label?: string;
  /** Class of both the header and the cells (e.g. `num` for right-aligned figures). */
  className?: string;
  /** The cells' class when it differs from the header's. */
  cellClassName?: string;
  cell: (row: R) => ReactNode;
}

export interface DataTableProps<R> {
  rows: readonly R[];
  columns: readonly (DataColumn<R> | false | null | undefined)[];
  rowKey: (row: R) => string;
  className?: string;
  /** The table's accessible name. */
  label?: string;
  rowClassName?: (row: R) => string | undefined;
}

/** A table of rows, one column definition per column; the app's CSS class gives it its look. */
export function DataTable<R>({ rows, columns, rowKey, className, label, rowClassName }: DataTableProps<R>) {
  const shown = columns.filter((column): column is DataColumn<R> => Boolean(column));
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {shown.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {shown.map((column, index) => (
              <td
                key={index}
                data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
                className={column.cellClassName ?? column.className}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
