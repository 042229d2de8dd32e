// Reads a raw message as a mail client would: the header fields (folded lines joined) up to
// the first empty line, then the body, decoded from its transfer encoding.
export interface ParsedMail {
  headers: { name: string; value: string }[];
  body: string;
}

export function parseMail(raw: string): ParsedMail {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const rawBody = end === -1 ? "" : raw.slice(end + 4);
  const headers = head
    .replace(/\r\n(?=[ \t])/g, "") // unfold
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });
  const encoding = headers.find((h) => h.name.toLowerCase() === "content-transfer-encoding")?.value.toLowerCase();
  const body =
    encoding === "quoted-printable"
      ? Buffer.from(
          rawBody.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(rawBody, "base64").toString("utf8")
        : rawBody;
  return { headers, body: body.replace(/\r\n/g, "\n") };
}

export const header = (mail: ParsedMail, name: string) => mail.headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
