// The words the export tests write their files in (any complete set will do).
import type { ExportWords } from "../dashboard/export/export-words.ts";

/** Export words for the tests: the web app builds the real ones from its dashboard texts. */
export const TEST_EXPORT_WORDS: ExportWords = {
  language: "en",
  leadColumns: {
    number: "Number",
    receivedAt: "Received",
    status: "Status",
    name: "Name",
    phone: "Phone",
    email: "E-mail",
    company: "Company",
    possibleDuplicate: "Possible duplicate",
    assignee: "Owner",
    content: "Message",
    notes: "Notes",
  },
  orderColumns: {
    number: "Number",
    receivedAt: "Received",
    status: "Status",
    guide: "Guide",
    quantity: "Copies",
    name: "Name",
    phone: "Phone",
    address: "Address",
    carrier: "Carrier",
    trackingNumber: "Tracking number",
    cancelReason: "Cancellation reason",
  },
  leadStatus: { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" },
  orderStatus: { received: "Received", packed: "Packed", shipped: "Shipped", delivered: "Delivered", cancelled: "Cancelled" },
  yes: "Yes",
  no: "No",
  leadsSheet: "Leads",
  ordersSheet: "Orders",
};
