import { Button } from './button';

/** A column as the CSV file has it: its header, and its cell as plain text (left out when absent). */
export interface CsvColumn<Row> {
  header: string;
  csv?: (row: Row) => string | number | null;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text (RFC 4180 quoting), the columns that have a csv form, in order. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter((column) => column.csv !== undefined);
  const lines = [exported.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(exported.map((column) => csvCell(column.csv?.(row) ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the rows as a CSV file, made in the browser from what the page already shows. */
export function CsvButton<Row>({
  columns,
  rows,
  fileName,
}: {
  columns: readonly CsvColumn<Row>[];
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
