// Baselines for `pnpm bench:idempotency`, served only by a bench build of the web app (never
// by a normal one: apps/web/src/app/api/bench). Both run lead.submit's own business function, so the ratios measure the
// protocol's cost and nothing else:
//  - plain:   the business write alone, no key, no record, no transaction ("fast but unsafe");
//  - seed000: the protocol of the older lead form the product started from ("seed 000",
//             docs/GUARANTEES.md): read the record, insert the record, do the business write,
//             update the record, each in its own autocommit statement (not one transaction).
// seed000 keeps its records in a table of its own (made on first use), never in the
// protocol's: an "in progress" row there is exactly what the protocol promises never exists.
import type { PrismaClient } from "@once/db";
import { computeFingerprint } from "@once/idempotency";
import { leadFingerprint, type LeadInput } from "../lead/lead-schema.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { recordStore } from "../records/record-store.ts";

/**
 * The business operation every baseline runs, and the app's own record store: what
 * `scripts/bench/protocol-steps.ts` measures step by step.
 */
export { submitLeadOperation, recordStore };

const SEED000_TABLE = "bench_seed000_record";
let tableReady: Promise<unknown> | undefined;

export async function insertLeadWithoutProtocol(prisma: PrismaClient, principal: string, key: string, input: LeadInput) {
  const outcome = await submitLeadOperation.execute(prisma, input, { principal, key });
  if (outcome.outcome !== "completed") throw new Error("lead.submit never rejects");
  return { status: outcome.status, body: outcome.body };
}

export async function submitLeadSeed000Style(prisma: PrismaClient, principal: string, key: string, input: LeadInput) {
  tableReady ??= prisma.$executeRawUnsafe(
    `create table if not exists ${SEED000_TABLE} (principal text, key text, fingerprint text, status text, response text, primary key (principal, key))`,
  );
  await tableReady;
  const cached = await prisma.$queryRawUnsafe<{ status: string; response: string | null }[]>(
    `select status, response from ${SEED000_TABLE} where principal = $1 and key = $2`,
    principal,
    key,
  );
  if (cached[0]?.status === "completed") return { status: 200, body: JSON.parse(cached[0].response ?? "null") as unknown };
  const claimed = await prisma.$executeRawUnsafe(
    `insert into ${SEED000_TABLE} (principal, key, fingerprint, status) values ($1, $2, $3, 'processing') on conflict do nothing`,
    principal,
    key,
    computeFingerprint(leadFingerprint, input),
  );
  if (claimed === 0) return { status: 409, body: { msg: "processing, retry later" } };
  const result = await insertLeadWithoutProtocol(prisma, principal, key, input);
  await prisma.$executeRawUnsafe(
    `update ${SEED000_TABLE} set status = 'completed', response = $3 where principal = $1 and key = $2`,
    principal,
    key,
    JSON.stringify(result.body),
  );
  return result;
}
