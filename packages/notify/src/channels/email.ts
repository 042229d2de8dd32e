// Delivers a notification as one e-mail over SMTP (nodemailer). The Message-ID is derived from
// the delivery id, so a mail system can drop a duplicate sent after a lost acknowledgement.
import nodemailer, { type Transporter } from "nodemailer";
import type { LeadNotification } from "./lead-payload.ts";

const transports = new Map<string, Transporter>();

export async function sendEmail(options: { smtpUrl: string; from: string; to: string }, notification: LeadNotification): Promise<void> {
  let transport = transports.get(options.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(options.smtpUrl);
    transports.set(options.smtpUrl, transport);
  }
  const { lead } = notification;
  await transport.sendMail({
    from: options.from,
    to: options.to,
    subject: `New lead ${lead.number}: ${lead.name}${lead.possibleDuplicate ? " (possible duplicate)" : ""}`,
    messageId: `<${notification.deliveryId}@lead-notifications>`,
    headers: { "X-Delivery-Id": notification.deliveryId },
    text: [
      `Lead ${lead.number} (${lead.createdAt})`,
      `Name: ${lead.name}`,
      `Phone: ${lead.phone}`,
      lead.email ? `E-mail: ${lead.email}` : null,
      lead.company ? `Company: ${lead.company}` : null,
      lead.possibleDuplicate ? "Possible duplicate of an inquiry from the same phone within 24 hours." : null,
      "",
      lead.content,
    ]
      .filter((line) => line !== null)
      .join("\n"),
  });
}
