// Baselines for `pnpm bench:idempotency`, served only when BENCH_ENDPOINTS=1 (never in normal
// operation). Both run lead.submit's own business function, so the ratios measure the
// protocol's cost and nothing else:
//  - plain:   the business write alone, no key, no record, no transaction ("fast but unsafe");
//  - seed000: seed 000's protocol: read the record, insert the record, do the business write,
//             update the record, each in its own autocommit statement (not one transaction).
import type { PrismaClient } from "@once/db";
import { computeFingerprint } from "@once/idempotency";
import { leadFingerprint, type LeadInput } from "../lead/lead-schema.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";

export async function insertLeadWithoutProtocol(prisma: PrismaClient, principal: string, key: string, input: LeadInput) {
  const outcome = await submitLeadOperation.execute(prisma, input, { principal, key });
  if (outcome.outcome !== "completed") throw new Error("lead.submit never rejects");
  return { status: outcome.status, body: outcome.body };
}

export async function submitLeadSeed000Style(prisma: PrismaClient, principal: string, key: string, input: LeadInput) {
  const scope = { principal, operation: "bench-seed000", key };
  const cached = await prisma.idempotencyRecord.findUnique({ where: { principal_operation_key: scope } });
  if (cached?.outcome === "completed") return { status: 200, body: JSON.parse(cached.responseBody ?? "null") as unknown };
  const claimed = await prisma.idempotencyRecord.createMany({
    data: [{ ...scope, fingerprint: computeFingerprint(leadFingerprint, input), outcome: "in_progress", expiresAt: new Date(Date.now() + 30 * 86_400_000) }],
    skipDuplicates: true,
  });
  if (claimed.count === 0) return { status: 409, body: { msg: "processing, retry later" } };
  const result = await insertLeadWithoutProtocol(prisma, principal, key, input);
  await prisma.idempotencyRecord.update({
    where: { principal_operation_key: scope },
    data: { outcome: "completed", responseStatus: 201, responseBody: JSON.stringify(result.body), resultId: result.body.id },
  });
  return result;
}
