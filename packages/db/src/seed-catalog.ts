// The sample-guide catalog, in Simplified Chinese and English. `seedCatalog` inserts the guides
// that are missing and never touches existing ones (their stock belongs to the shop), so it is
// safe to run on every start: a second run changes nothing.
import type { PrismaClient } from "./client.ts";

export const catalog = [
  {
    slug: "sample-guide",
    titleZh: "资料订购示例指南",
    titleEn: "Sample Ordering Guide",
    summaryZh: "一本讲解如何订购资料的示例指南：操作编号、请求指纹与“结果待确认”页面。",
    summaryEn: "A sample guide on ordering material: the operation key, the request fingerprint and the pending-confirmation screen.",
    stock: 500,
    maxPerOrder: 5,
  },
  {
    slug: "lead-form-handbook",
    titleZh: "询盘表单防丢防重手册",
    titleEn: "Lead Form Handbook",
    summaryZh: "官网询盘表单如何做到销售不漏单、不重单。",
    summaryEn: "How a website inquiry form reaches sales exactly once: never lost, never twice.",
    stock: 200,
    maxPerOrder: 3,
  },
  {
    slug: "retry-patterns",
    titleZh: "重试与幂等模式图解",
    titleEn: "Retry and Idempotency Patterns",
    summaryZh: "超时、重放与并发：一张图看懂每种故障下该怎么做。",
    summaryEn: "Timeouts, replays and concurrency: what to do in each failure, in one diagram.",
    stock: 120,
    maxPerOrder: 5,
  },
  {
    slug: "outbox-field-notes",
    titleZh: "Outbox 实战笔记",
    titleEn: "Outbox Field Notes",
    summaryZh: "把不能回滚的通知写进同一个事务：至少一次投递与去重。",
    summaryEn: "Putting notifications that cannot roll back into the same transaction: at-least-once delivery and de-duplication.",
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
