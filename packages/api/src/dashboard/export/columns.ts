// What an export is made of: typed columns over rows read in keyset batches. The CSV and XLSX
// writers (csv.ts, xlsx.ts) turn the same columns into cells, each by its kind, so leads and
// orders are exported once per format, not once per list.
export type CellKind = "text" | "phone" | "dateTime" | "number" | "boolean";
export type CellValue = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  kind: CellKind;
  /** Spreadsheet column width in characters (XLSX). */
  width?: number;
  value: (row: Row) => CellValue;
}

/** The header as written: time columns name the zone their times are in. */
export const headerOf = (column: ExportColumn<never>, timeZone: string) => (column.kind === "dateTime" ? `${column.header} (${timeZone})` : column.header);

/**
 * Every row, `size` at a time: `page(cursor)` returns up to `size` rows after the cursor (null:
 * the first page); the last row of a page is the next cursor. Constant memory for any count.
 */
export async function* batches<Row>(page: (after: Row | null) => Promise<Row[]>, size: number): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1)!;
  }
}
