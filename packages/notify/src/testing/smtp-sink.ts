// A real SMTP server (smtp-server) that keeps every message it accepts.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  /** `recipients`: the SMTP envelope's RCPT TO addresses, whom the message really went to. */
  messages: { raw: string; recipients: string[]; messageId: string | undefined; deliveryId: string | undefined }[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = { url: "", messages: [], close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        sink.messages.push({
          raw,
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim(),
          deliveryId: /^X-Delivery-Id:\s*(.+)$/im.exec(raw)?.[1]?.trim(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}
