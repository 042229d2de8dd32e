// A few inquiries for development, so the dashboard has something to show on a fresh
// embedded database. Submitted through the real protocol under fixed operation keys: running
// this again replays them and creates nothing new.
import type { PrismaClient } from "@once/db";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { z } from "zod/mini";
import { leadInputSchema } from "./lead-schema.ts";
import { submitLeadOperation } from "./submit-lead.ts";

const SAMPLES = [
  { name: "王小明", phone: "138 0013 8000", content: "想了解样品指南的批量价格，大概需要 200 份。", email: "wang@example.com", company: "上海某贸易公司" },
  { name: "Anna Schmidt", phone: "+49 30 1234567", content: "Could you send the English edition to Berlin?", email: null, company: "Schmidt GmbH" },
  { name: "李雷", phone: "139 0013 9000", content: "请销售尽快回电。", email: null, company: null },
  { name: "李雷", phone: "139 0013 9000", content: "补充：我们也需要报价单。", email: null, company: null },
];

export async function seedSampleLeads(prisma: PrismaClient): Promise<void> {
  for (const [i, sample] of SAMPLES.entries()) {
    await runOnce(recordStore(prisma), submitLeadOperation, {
      principal: "customer:dev-samples",
      key: `dev-sample-lead-${i + 1}`,
      input: z.parse(leadInputSchema, sample),
    });
  }
}
