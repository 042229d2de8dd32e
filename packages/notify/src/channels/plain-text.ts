// Lead fields are typed by the public. A name, phone, e-mail or company is shown as ONE line
// (a mail's subject and field list, a receiver's own headers, CSV or logs), so a CR or LF in it
// must not start a line of its own: it could forge a "Bcc:" header or a fake field. Control
// characters and Unicode line/paragraph separators become a space there; only the inquiry text
// keeps its line breaks, normalized to "\n", and that text is shown apart from the fields.

/** C0/C1 controls (CR, LF, TAB, NUL, DEL, NEL...) and U+2028/U+2029 line/paragraph separators. */
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

export function singleLine(value: string): string {
  return value.replace(BREAKING, " ").trim();
}

export function multiLine(value: string): string {
  return value.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(/\p{Cc}/gu, (c) => (c === "\n" || c === "\t" ? c : " "));
}
