// The sample-guide catalog, in Simplified Chinese and English. `seedCatalog` inserts the guides
// that are missing and never touches existing ones (their stock belongs to the shop), so it is
// safe to run on every start: a second run changes nothing.
import type { PrismaClient } from "./client.ts";

export const catalog = [
  {
    slug: "sample-guide",
    titleZh: "资料订购示例指南",
    titleEn: "Sample Ordering Guide",
    summaryZh: "跟随一份订单从下单到收货：订单编号怎么看、页面没有响应时怎么办，并附一页检查清单。",
    summaryEn: "Follow one order from the click to the parcel: reading your order number, what to do when a page does not answer, and a one-page checklist.",
    stock: 500,
    maxPerOrder: 5,
  },
  {
    slug: "lead-form-handbook",
    titleZh: "询盘表单防丢防重手册",
    titleEn: "Lead Form Handbook",
    summaryZh: "让官网的每一条询盘都送到销售手里，不丢失，也不重复。",
    summaryEn: "Make sure every inquiry from your website reaches sales: never lost, never twice.",
    stock: 200,
    maxPerOrder: 3,
  },
  {
    slug: "retry-patterns",
    titleZh: "重试与幂等模式图解",
    titleEn: "Retry and Idempotency Patterns",
    summaryZh: "超时、重复点击与网络中断：图解每种情况下该怎么做。",
    summaryEn: "Timeouts, double clicks and dropped connections: what to do in each case, with diagrams.",
    stock: 120,
    maxPerOrder: 5,
  },
  {
    slug: "outbox-field-notes",
    titleZh: "Outbox 实战笔记",
    titleEn: "Outbox Field Notes",
    summaryZh: "让订单和咨询的通知可靠送达：不丢失、不重复，出错时有人知道。",
    summaryEn: "Notifications for orders and inquiries that always arrive: never lost, never doubled, and someone knows when one fails.",
    stock: 0,
    maxPerOrder: 2,
  },
] as const;

export async function seedCatalog(prisma: PrismaClient): Promise<number> {
  // One `INSERT … ON CONFLICT DO NOTHING` (Prisma's skipDuplicates on PostgreSQL), not an
  // upsert per guide: an upsert with nothing to update reads first and inserts second, so
  // several nodes starting at once on a new database all saw "missing" and all but one died
  // with `Unique constraint failed on the constraint: guide_slug_key`. Here a concurrent insert
  // of the same slug waits for the first one's commit and then does nothing; existing guides
  // (and their stock) are never written.
  await prisma.guide.createMany({ data: [...catalog], skipDuplicates: true });
  return prisma.guide.count();
}
