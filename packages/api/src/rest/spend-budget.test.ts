// The budget a REST create spends, decided by its key's record in the same statement that
// spends it (RateLimits.takeAfterLookUp), on real PostgreSQL: a fresh key spends the write
// budget, a key with a stored outcome the replay budget (so a client retrying a lost answer gets
// it after its writes are spent), a key left "in progress" the write budget; and the record the
// look-up read is the one handed on to runOnce.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { PrismaClient } from "@once/db";
import { testPool } from "@once/db/testing";
import type {} from "@once/db/testing/global-setup";
import { mintOperationKey } from "@once/idempotency";
import { IDEMPOTENCY_KEY_HEADER } from "@once/idempotency/http";
import { runOnce } from "@once/idempotency/server";
import { CLIENT_ADDRESS_HEADER } from "../limits/client-address.ts";
import { createRateLimits } from "../limits/rate-limits.ts";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { spendCreateBudget } from "./spend-budget.ts";
import type { RestDeps } from "./rest-context.ts";

let prisma: PrismaClient;
const pool = testPool(inject("databaseUrl"), 2);
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(async () => {
  await prisma.$disconnect();
  await pool.end();
});

const limits = createRateLimits(pool, {
  writesPerSessionPerMinute: 2,
  writesPerAddressPerMinute: 100,
  replaysPerSessionPerMinute: 3,
  sessionsPerAddressPerMinute: 10,
  signInsPerAddressPerMinute: 10,
});
const deps = (): RestDeps => ({ prisma, limits, sessionSecret: "spend-budget-test-secret-0123456789", secureCookies: false });
const request = (key: string | null, address: string) =>
  new Request("http://localhost/api/v1/leads", {
    method: "POST",
    headers: { [CLIENT_ADDRESS_HEADER]: address, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
  });
const spend = (principal: string, key: string | null, address: string) =>
  spendCreateBudget(request(key, address), deps(), principal, submitLeadOperation.type).then(
    (lookedUp) => ({ ok: true as const, lookedUp }),
    (error: { code: string; message: string }) => ({ ok: false as const, refusal: `${error.code}: ${error.message}` }),
  );
const pointsOf = async (key: string) => (await pool.query<{ points: number }>(`select points from rate_limit where key = $1`, [key])).rows[0]?.points ?? 0;

describe("a REST create's budget, decided by its key's record in one statement", () => {
  it("a fresh key spends the write budget; a stored outcome the replay budget, after the writes are spent", async () => {
    const { principal } = newCustomer();
    const address = `192.0.2.${randomBytes(1)[0]}`;
    const done = mintOperationKey();
    const input = { name: "Li", phone: "13900000000", content: "hello", email: null, company: null };
    // The first fresh key, executed: its record is what later look-ups read.
    const first = await spend(principal, done, address);
    expect(first).toEqual({ ok: true, lookedUp: { key: done, found: null } });
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: done, input });
    expect(await spend(principal, mintOperationKey(), address)).toMatchObject({ ok: true, lookedUp: { found: null } });
    expect(await spend(principal, mintOperationKey(), address)).toEqual({
      ok: false,
      refusal: "RATE_LIMITED: too many requests from this session; retry later",
    });
    // The writes are spent; the retry of the done key is answered from its record, on the replay budget.
    const replay = await spend(principal, done, address);
    expect(replay).toMatchObject({ ok: true, lookedUp: { key: done, found: { key: done, outcome: "completed", fingerprint: expect.any(String) } } });
    expect(await pointsOf(`write-session:${principal}`)).toBe(3);
    expect(await pointsOf(`replay-session:${principal}`)).toBe(1);
    // The found record is the store's own: runOnce answers the replay from it.
    const found = replay.ok ? replay.lookedUp!.found : null;
    expect(found).toEqual(await recordStore(prisma).find({ principal, operation: submitLeadOperation.type }, done));
    for (let i = 0; i < 2; i++) expect((await spend(principal, done, address)).ok).toBe(true);
    expect(await spend(principal, done, address)).toEqual({ ok: false, refusal: "RATE_LIMITED: too many replays from this session; retry later" });
  });

  it("a key left in progress, and a request without a key, spend the write budget", async () => {
    const { principal } = newCustomer();
    const address = `198.51.100.${randomBytes(1)[0]}`;
    const pending = mintOperationKey();
    await prisma.$executeRawUnsafe(
      `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at) values ($1, $2, $3, 'v1:pending', 'in_progress', now() + interval '30 days')`,
      principal,
      submitLeadOperation.type,
      pending,
    );
    expect(await spend(principal, pending, address)).toEqual({ ok: true, lookedUp: { key: pending, found: null } });
    expect(await spend(principal, null, address)).toEqual({ ok: true, lookedUp: undefined });
    expect(await pointsOf(`write-session:${principal}`)).toBe(2);
    expect(await pointsOf(`write-address:${address}`)).toBeGreaterThanOrEqual(2);
    expect(await pointsOf(`replay-session:${principal}`)).toBe(0);
  });
});
