// How each operation reads on the customer's screens: its receipt's words and rows, its entry
// among the unconfirmed ones on /me. Typed by the registry (packages/api/src/registry.ts): a
// type added there does not compile until it says here how it reads.
import type { MessageKey, Translate } from "~/i18n/messages";
import type { OperationType } from "./registry";

/** What a row may use: the operation's parameters and the page's words. */
export interface ReadContext {
  params: Record<string, unknown>;
  t: Translate;
  /** The guide's title in the page's language, by slug (orders). */
  titleOf: (slug: string) => string;
}

export interface ReceiptWords {
  /** The compact line above a fresh form ("Your last order"). */
  last: MessageKey;
  /** The heading, with {number}. */
  confirmed: MessageKey;
  /** The label of the row naming what was sent (`what`). */
  whatLabel: MessageKey;
  /** The row with the time it was sent. */
  sentAt: MessageKey;
  /** The button that starts another one (none where another makes no sense), and the link to the history on /me. */
  again?: MessageKey;
  history: MessageKey;
  /** What comes next, below the rows. */
  next: MessageKey;
  /** Its name, where nothing more of it is known (an unconfirmed one on /me whose details are not kept). */
  noun: MessageKey;
  /** What was sent, in one line: the receipt's row and the entry on /me (undefined: nothing to show). */
  what: (read: ReadContext) => string | undefined;
  /** Further rows of the full receipt, label and value (e.g. where an order goes). */
  rows?: (read: ReadContext) => [MessageKey, string][];
}

const EXCERPT_CHARS = 140;

/** An inquiry's opening words, on one line. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

export const RECEIPT_WORDS: Record<OperationType, ReceiptWords> = {
  order: {
    last: "receipt.lastOrder",
    confirmed: "status.confirmed.order",
    whatLabel: "receipt.what",
    sentAt: "receipt.placed",
    again: "status.confirmed.again",
    history: "receipt.viewOrders",
    next: "receipt.nextOrder",
    noun: "me.order",
    what: ({ params, titleOf }) => `${titleOf(String(params.item))} × ${Number(params.quantity ?? 1)}`,
    rows: ({ params }) => {
      const contact = params.contact as { name?: string; address?: string } | null | undefined;
      return contact?.name ? [["receipt.deliverTo", `${contact.name}, ${contact.address ?? ""}`]] : [];
    },
  },
  lead: {
    last: "receipt.lastInquiry",
    confirmed: "status.confirmed.lead",
    whatLabel: "receipt.message",
    sentAt: "receipt.sent",
    again: "status.confirmed.newLead",
    history: "receipt.viewInquiries",
    next: "receipt.nextLead",
    noun: "me.inquiry",
    what: ({ params }) => (textOf(params.content) ? excerpt(String(params.content)) : undefined),
  },
  cancellation: {
    last: "receipt.lastCancellation",
    confirmed: "status.confirmed.cancellation",
    whatLabel: "cancel.reason",
    sentAt: "receipt.cancelledAt",
    history: "receipt.viewOrders",
    next: "receipt.nextCancellation",
    noun: "me.cancellation",
    what: ({ params }) => textOf(params.reason),
  },
};
