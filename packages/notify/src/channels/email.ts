// Delivers a notification as one e-mail over SMTP (nodemailer). The Message-ID is derived from
// the delivery id, so a mail system can drop a duplicate sent after a lost acknowledgement.
import nodemailer, { type Transporter } from "nodemailer";
import { composeLeadEmail } from "./email-message.ts";
import { takeLink } from "./take-link.ts";
import type { LeadNotification } from "./lead-payload.ts";

const transports = new Map<string, Transporter>();

export async function sendEmail(
  options: { smtpUrl: string; from: string; to: string; publicUrl?: string | null },
  notification: LeadNotification,
  requestId: string | null = null,
): Promise<void> {
  let transport = transports.get(options.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(options.smtpUrl);
    transports.set(options.smtpUrl, transport);
  }
  const { subject, text } = composeLeadEmail(notification, takeLink(options.publicUrl, notification.lead.id));
  await transport.sendMail({
    from: options.from,
    to: options.to,
    subject,
    messageId: `<${notification.deliveryId}@lead-notifications>`,
    // The request id is [A-Za-z0-9._:-] only (checked where it was accepted): header-safe.
    headers: { "X-Delivery-Id": notification.deliveryId, ...(requestId ? { "X-Request-Id": requestId } : {}) },
    text,
  });
}
