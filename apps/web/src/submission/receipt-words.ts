// How each operation's receipt and its status row read: the message keys per operation type.
// Typed by the registry (packages/api/src/operations.ts): a type added there does not compile
// until its receipt says how it reads here.
import type { MessageKey } from "~/i18n/messages";
import type { OperationType } from "./operations";

export interface ReceiptWords {
  /** The compact line above a fresh form ("Your last order"). */
  last: MessageKey;
  /** The heading, with {number}. */
  confirmed: MessageKey;
  /** The row naming what was sent: the guide and copies, or the message's opening words. */
  what: MessageKey;
  /** The row with the time it was sent. */
  sentAt: MessageKey;
  /** The button that starts another one, and the link to the history on /me. */
  again: MessageKey;
  history: MessageKey;
  /** What comes next, below the rows. */
  next: MessageKey;
}

export const RECEIPT_WORDS: Record<OperationType, ReceiptWords> = {
  order: {
    last: "receipt.lastOrder",
    confirmed: "status.confirmed.order",
    what: "receipt.what",
    sentAt: "receipt.placed",
    again: "status.confirmed.again",
    history: "receipt.viewOrders",
    next: "receipt.nextOrder",
  },
  lead: {
    last: "receipt.lastInquiry",
    confirmed: "status.confirmed.lead",
    what: "receipt.message",
    sentAt: "receipt.sent",
    again: "status.confirmed.newLead",
    history: "receipt.viewInquiries",
    next: "receipt.nextLead",
  },
};
