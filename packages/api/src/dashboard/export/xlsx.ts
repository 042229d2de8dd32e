// XLSX with typed cells (exceljs' streaming writer: rows leave as they are read, never the whole
// sheet in memory): phones are text cells formatted as text (@), so no spreadsheet turns them
// into numbers; times are real date cells holding the staff member's wall clock
// (wall-clock.ts); numbers are numbers; every string (statuses and yes/no in the reader's words too) is a string
// cell, never a formula, so nothing a customer typed runs.
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { headerOf, type ExportColumn } from "./columns.ts";
import { wallClock } from "./wall-clock.ts";

const FORMATS: Partial<Record<ExportColumn<never>["kind"], string>> = { phone: "@", text: "@", dateTime: "yyyy-mm-dd hh:mm:ss" };

export function streamXlsx<Row>(
  rows: AsyncIterable<Row[]>,
  columns: readonly ExportColumn<Row>[],
  timeZone: string,
  sheetName: string,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    header: headerOf(c as ExportColumn<never>, timeZone),
    width: c.width ?? 16,
    style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const batch of rows) {
        for (const row of batch) {
          sheet
            .addRow(
              columns.map((c) => {
                const value = c.value(row);
                if (value instanceof Date) return wallClock(value, timeZone);
                return value ?? null;
              }),
            )
            .commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
