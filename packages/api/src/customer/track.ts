// What happened to an order or an inquiry, for the customer, from any device: by its number and
// the phone it was sent with (`lookUpByPhone`), or by number alone for the session that sent it
// (`findOwn`). The answer is only what the customer gave (the guide, copies, name and address, or
// the inquiry's opening words) and the fulfilment steps with their times: never a staff member,
// a note, another order, or the phone itself (masked).
//
// "No such number" and "this number, another phone" answer the same (NOT_FOUND) and cost the same:
// the record is always looked up, then the phone compared. A look-up spends one unit per client
// address and one per number (`track-address`, `track-number`), so neither one address trying
// many numbers nor many addresses trying one number's phones get far.
import { z } from "zod/mini";
import type { Prisma, PrismaClient } from "@once/db";
import { excerpt } from "../dashboard/excerpt.ts";
import type { RateLimits } from "../limits/rate-limits.ts";
import { formatLeadNumber, phoneSchema } from "../lead/lead-schema.ts";
import { carrierOf, trackingLink } from "../order/carriers.ts";
import { formatOrderNumber } from "../order/order-schema.ts";
import { orderDeliverySelect, orderGuideSelect } from "../order/order-select.ts";
import { EXCERPT_CHARS } from "./list-history.ts";

export type OrderStep = "received" | "packed" | "shipped" | "delivered" | "cancelled";
export type InquiryStep = "received" | "handling" | "closed";

export interface TrackedOrder {
  kind: "order";
  number: string;
  titleEn: string;
  titleZh: string;
  quantity: number;
  name: string | null;
  address: string | null;
  /** "138****8000": enough to recognise, not to read off. */
  phone: string | null;
  status: OrderStep;
  steps: OrderStepView[];
}

export interface OrderStepView {
  step: OrderStep;
  at: Date;
  trackingNumber?: string;
  /** The shipment's carrier, named in both languages (the page shows the customer's). */
  carrier?: { en: string; zh: string };
  /** The carrier's page that follows the shipment (order/carriers.ts `trackingLink`). */
  trackingUrl?: string;
  reason?: string;
}

export interface TrackedInquiry {
  kind: "lead";
  number: string;
  excerpt: string;
  phone: string;
  status: InquiryStep;
  steps: { step: InquiryStep; at: Date }[];
}

export type Tracked = TrackedOrder | TrackedInquiry;

/** "SO-000123", "so 123", "ld-45": what a customer types (the prefix says which kind). */
const NUMBER_PATTERN = /^\s*(SO|LD)[\s-]*0*([1-9][0-9]{0,9})\s*$/i;

/** Why a look-up shows nothing: a number or phone that cannot be one, no match (either half), or a spent budget. */
export type TrackRefusal = "NUMBER_MALFORMED" | "PHONE_MALFORMED" | "NOT_FOUND" | "RATE_LIMITED";

export type TrackAnswer = { tracked: Tracked } | { refusal: TrackRefusal; retryAfterSeconds?: number };

/** The number's kind and value, or null when it is not an order or inquiry number. */
export function parseTrackingNumber(raw: string): { kind: "order" | "lead"; value: number } | null {
  const match = NUMBER_PATTERN.exec(raw);
  if (!match) return null;
  const value = Number(match[2]);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? { kind: match[1]!.toUpperCase() === "SO" ? "order" : "lead", value } : null;
}

/** The same number however it was spelt: a Chinese mobile number with or without +86. */
const canonicalPhone = (phone: string) => phone.replace(/^\+86(?=1[3-9][0-9]{9}$)/, "");

const maskPhone = (phone: string) => (phone.length > 6 ? `${phone.slice(0, 3)}${"*".repeat(phone.length - 7)}${phone.slice(-4)}` : "****");

const orderSelect = {
  ...orderDeliverySelect,
  customerId: true,
  guide: orderGuideSelect,
  events: { orderBy: { createdAt: "asc" }, select: { toStatus: true, createdAt: true, trackingNumber: true, carrier: true, reason: true } },
} satisfies Prisma.OrderSelect;

const leadSelect = {
  number: true,
  phone: true,
  content: true,
  status: true,
  createdAt: true,
  customerId: true,
  activities: { where: { kind: "status" }, orderBy: { createdAt: "asc" }, select: { toStatus: true, createdAt: true } },
} satisfies Prisma.LeadSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;
type LeadRow = Prisma.LeadGetPayload<{ select: typeof leadSelect }>;

function orderView(order: OrderRow): TrackedOrder {
  return {
    kind: "order",
    number: formatOrderNumber(order.number),
    titleEn: order.guide.titleEn,
    titleZh: order.guide.titleZh,
    quantity: order.quantity,
    name: order.contactName,
    address: order.address,
    phone: order.contactPhone ? maskPhone(order.contactPhone) : null,
    status: order.status,
    steps: [
      { step: "received", at: order.createdAt },
      ...order.events.map((e) => ({
        step: e.toStatus,
        at: e.createdAt,
        ...(e.toStatus === "shipped" && e.trackingNumber ? shipmentView(e.carrier, e.trackingNumber) : {}),
        ...(e.toStatus === "cancelled" && e.reason ? { reason: e.reason } : {}),
      })),
    ],
  };
}

/** A shipping step's number, and its carrier and tracking link when the carrier was recorded. */
function shipmentView(code: string | null, trackingNumber: string): Pick<OrderStepView, "trackingNumber" | "carrier" | "trackingUrl"> {
  const carrier = carrierOf(code);
  const url = trackingLink(code, trackingNumber);
  return { trackingNumber, ...(carrier && { carrier: { en: carrier.en, zh: carrier.zh } }), ...(url && { trackingUrl: url }) };
}

const inquiryStep = (status: string): InquiryStep => (status === "new" ? "received" : status === "won" || status === "lost" ? "closed" : "handling");

function leadView(lead: LeadRow): TrackedInquiry {
  const steps: TrackedInquiry["steps"] = [{ step: "received", at: lead.createdAt }];
  for (const change of lead.activities) {
    const step = inquiryStep(change.toStatus ?? "new");
    if (steps.at(-1)!.step !== step) steps.push({ step, at: change.createdAt });
  }
  return {
    kind: "lead",
    number: formatLeadNumber(lead.number),
    excerpt: excerpt(lead.content, EXCERPT_CHARS), // as long as /me's
    phone: maskPhone(lead.phone),
    status: inquiryStep(lead.status),
    steps,
  };
}

async function find(
  prisma: PrismaClient,
  number: { kind: "order" | "lead"; value: number },
): Promise<{ row: OrderRow | LeadRow; phone: string | null; view: () => Tracked } | null> {
  if (number.kind === "order") {
    const order = await prisma.order.findUnique({ where: { number: number.value }, select: orderSelect });
    return order && { row: order, phone: order.contactPhone, view: () => orderView(order) };
  }
  const lead = await prisma.lead.findUnique({ where: { number: number.value }, select: leadSelect });
  return lead && { row: lead, phone: lead.phone, view: () => leadView(lead) };
}

/**
 * The order or inquiry with this number and phone; NOT_FOUND when there is none or it was sent
 * with another phone (the same answer). A number or phone that cannot be one is refused before
 * anything is counted or read.
 */
export async function lookUpByPhone(
  prisma: PrismaClient,
  limits: RateLimits | undefined,
  clientAddress: string,
  input: { number: string; phone: string },
): Promise<TrackAnswer> {
  const number = parseTrackingNumber(input.number);
  if (!number) return { refusal: "NUMBER_MALFORMED" };
  const phone = z.safeParse(phoneSchema, input.phone);
  if (!phone.success) return { refusal: "PHONE_MALFORMED" };
  if (limits) {
    const [perAddress, perNumber] = await limits.takeAll([
      ["track-address", clientAddress],
      ["track-number", `${number.kind}:${number.value}`],
    ]);
    const wait = Math.max(perAddress ?? 0, perNumber ?? 0);
    if (wait > 0) return { refusal: "RATE_LIMITED", retryAfterSeconds: wait };
  }
  const found = await find(prisma, number);
  const matches = found?.phone != null && canonicalPhone(found.phone) === canonicalPhone(phone.data);
  return matches ? { tracked: found.view() } : { refusal: "NOT_FOUND" };
}

/**
 * The order or inquiry with this number if this customer session sent it, or if this browser
 * gave its phone a moment ago (`granted`: ./track-grant.ts), else null.
 */
export async function findOwn(prisma: PrismaClient, customerId: string | null, rawNumber: string, granted = false): Promise<Tracked | null> {
  const number = parseTrackingNumber(rawNumber);
  if (!number || (!customerId && !granted)) return null;
  const found = await find(prisma, number);
  return found && (granted || found.row.customerId === customerId) ? found.view() : null;
}
