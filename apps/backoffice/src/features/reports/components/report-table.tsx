import type { ReactNode } from 'react';
import { toCsv as csvOf } from '../../../components/ui/csv';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell as plain text for the CSV download; the column is left out of the file when absent. */
  csv?: (row: Row) => string | number | null;
  num?: boolean;
}

export { CsvButton } from '../../../components/ui/csv';

/** The rows as CSV text (RFC 4180 quoting), the columns that have a csv form, in order. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return csvOf(columns, rows);
}

/** A report's table: column headers on desktop, labelled cards on a phone (responsive-table). */
export function ReportTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  footer,
}: {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  footer?: Row;
}) {
  return (
    <div className="report-table-wrap">
      <table className="data-table responsive-table report-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.num === true ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.num === true ? 'num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer === undefined ? null : (
          <tfoot>
            <tr className="report-total">
              {columns.map((column, index) => (
                <td key={column.header} data-label={column.header} className={column.num === true ? 'num' : undefined}>
                  {index === 0 ? 'Total' : column.cell(footer)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
