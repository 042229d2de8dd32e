// The columns of an order that several views read, named once so the views stay alike: the
// sales list and detail, the packing list, the customer's tracking page and history.
import type { Prisma } from "@once/db";

/** The guide an order is for: its slug and its title in both languages. */
export const orderGuideSelect = { select: { slug: true, titleEn: true, titleZh: true } } satisfies Prisma.GuideDefaultArgs;

/** What was ordered, for whom and where it goes, and where it stands. */
export const orderDeliverySelect = {
  number: true,
  quantity: true,
  contactName: true,
  contactPhone: true,
  address: true,
  status: true,
  createdAt: true,
} satisfies Prisma.OrderSelect;
