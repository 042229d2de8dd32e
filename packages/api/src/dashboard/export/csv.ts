// CSV that opens right: UTF-8 with a BOM (Excel then reads Chinese names right), RFC 4180
// quoting, CRLF. Cells a spreadsheet would run as a formula get a ' in front, so an inquiry
// cannot attack the sales team: FORMULA_LEAD below lists every lead character Excel, LibreOffice
// or Google Sheets honours (their fullwidth and small forms too, which some locales convert),
// also after leading spaces or control characters, which a spreadsheet may skip. Phones are
// written plain, as typed (a dialler or a CRM import takes the column as it is), with the same
// guard: "+86 …" gets its '. A spreadsheet opening the CSV may read 013500000000 as a number;
// the XLSX export keeps phones as text cells for that. Times are the staff member's wall clock
// ("2026-12-01 14:05:09"); the header names the zone.
import { headerOf, type CellValue, type ExportColumn } from "./columns.ts";
import { wallClockText } from "./wall-clock.ts";

// = + - @ ; | and the minus sign, their fullwidth and small forms; tab, CR and LF.
const FORMULA_LEAD = /^[\s\p{Cc}\u3000\u00A0]*[=+\-@;|\u2212\uFF1D\uFF0B\uFF0D\uFF20\uFF1B\uFF5C\uFE62\uFE63\uFE66\uFE6B\uFE54]|^[\t\r\n]/u;

export function csvCell(value: CellValue, timeZone = "UTC"): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? wallClockText(value, timeZone) : String(value);
  if (FORMULA_LEAD.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function streamCsv<Row>(rows: AsyncIterable<Row[]>, columns: readonly ExportColumn<Row>[], timeZone: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${columns.map((c) => csvCell(headerOf(c as ExportColumn<never>, timeZone))).join(",")}\r\n`));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      const lines = next.value.map((row) => columns.map((c) => csvCell(c.value(row), timeZone)).join(","));
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
