import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell as plain text for the CSV download; the column is left out of the file when absent. */
  csv?: (row: Row) => string | number | null;
  num?: boolean;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text (RFC 4180 quoting), the columns that have a csv form, in order. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter((column) => column.csv !== undefined);
  const lines = [exported.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(exported.map((column) => csvCell(column.csv?.(row) ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the rows as a CSV file, made in the browser from what the report already shows. */
export function CsvButton<Row>({
  columns,
  rows,
  fileName,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  fileName: string;
}) {
  function download() {
    const url = URL.createObjectURL(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Button size="small" onClick={download} disabled={rows.length === 0}>
      Download CSV
    </Button>
  );
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
