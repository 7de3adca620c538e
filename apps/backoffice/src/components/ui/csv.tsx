import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Button } from './button';

/** One cell of a CSV file: empty when null. */
export type CsvValue = string | number | null;

/**
 * A column as the CSV file has it: its header, and its cell as plain text (left out when absent). A
 * cell the page reads per row through a query (a figure, a rate) may answer asynchronously.
 */
export interface CsvColumn<Row> {
  header: string;
  csv?: (row: Row) => CsvValue | Promise<CsvValue>;
}

function csvCell(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(headers: readonly string[], cells: readonly (readonly CsvValue[])[]): string {
  const lines = [headers.map(csvCell).join(','), ...cells.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The rows as CSV text (RFC 4180 quoting), the columns that have a csv form, in order. */
export function toCsv<Row>(
  columns: readonly { header: string; csv?: (row: Row) => CsvValue }[],
  rows: readonly Row[],
): string {
  const exported = columns.filter((column) => column.csv !== undefined);
  return csvText(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => column.csv?.(row) ?? null)),
  );
}

/** `toCsv` for columns whose cells may come asynchronously: every cell is awaited, all at once. */
export async function toCsvAsync<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): Promise<string> {
  const exported = columns.filter((column) => column.csv !== undefined);
  const cells = await Promise.all(
    rows.map((row) => Promise.all(exported.map(async (column) => (await column.csv?.(row)) ?? null))),
  );
  return csvText(
    exported.map((column) => column.header),
    cells,
  );
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
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    let text: string;
    try {
      text = await toCsvAsync(columns, rows);
    } catch (failure) {
      toast.error(errorMessage(failure));
      return;
    } finally {
      setBusy(false);
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Button size="small" onClick={() => void download()} disabled={rows.length === 0} busy={busy}>
      Download CSV
    </Button>
  );
}
