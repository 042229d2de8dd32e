// What an export is made of: typed columns over rows read in keyset batches. The CSV and XLSX
// writers (csv.ts, xlsx.ts) turn the same columns into cells, each by its kind, so leads and
// orders are exported once per format, not once per list. Headers and coded values (statuses,
// yes/no) are written in the staff member's language (export-words.ts): the columns give the
// header already translated and the value already in words.
export type CellKind = "text" | "phone" | "dateTime" | "number";
export type CellValue = string | number | Date | null | undefined;

export interface ExportColumn<Row> {
  /** The header as the reader sees it, in their language. */
  header: string;
  kind: CellKind;
  /** Spreadsheet column width in characters (XLSX). */
  width?: number;
  value: (row: Row) => CellValue;
}

/** The header as written: time columns name the zone their times are in. */
export const headerOf = (column: ExportColumn<never>, timeZone: string) => (column.kind === "dateTime" ? `${column.header} (${timeZone})` : column.header);

/** One batch of an export: its rows, and where the next batch starts (null: this was the last). */
export interface Batch<Row, Cursor> {
  rows: Row[];
  next: Cursor | null;
}

/**
 * Every row, a batch at a time: `page(cursor)` returns the batch after the cursor (null: the
 * first batch) and the next batch's cursor, which the query that chose the batch's rows made
 * (keyset.ts toPage, lead-list.ts leadIdsPage), never one rebuilt from the rows read after it.
 * Constant memory for any count.
 */
export async function* batches<Row, Cursor>(page: (after: Cursor | null) => Promise<Batch<Row, Cursor>>): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  do {
    const batch: Batch<Row, Cursor> = await page(after);
    if (batch.rows.length) yield batch.rows;
    after = batch.next;
  } while (after);
}
