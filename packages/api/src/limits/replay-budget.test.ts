// The replay budget on a real PostgreSQL: its own counters, more generous than the writes'.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { testPool } from "@once/db/testing";
import type {} from "@once/db/testing/global-setup";
import type { IdempotencyError } from "@once/idempotency";
import { createRateLimits } from "./rate-limits.ts";
import { spendReplayBudget, spendWriteBudget } from "./write-budget.ts";

const pool = testPool(inject("databaseUrl"), 4);
afterAll(() => pool.end());
const base = { writesPerSessionPerMinute: 2, writesPerAddressPerMinute: 100, sessionsPerAddressPerMinute: 2, signInsPerAddressPerMinute: 2 };
const unique = (label: string) => `${label}-${randomBytes(4).toString("hex")}`;
const outcome = (spend: Promise<void>) =>
  spend.then(
    () => "ok",
    (e: IdempotencyError) => `${e.code}: ${e.message}`,
  );

describe("the replay budget", () => {
  it("is counted apart from the write budget: replays go on after the writes are spent", async () => {
    const limits = createRateLimits(pool, base);
    const [session, address] = [unique("customer:r"), unique("192.0.2.1")];
    expect([await outcome(spendWriteBudget(limits, session, address)), await outcome(spendWriteBudget(limits, session, address))]).toEqual(["ok", "ok"]);
    expect(await outcome(spendWriteBudget(limits, session, address))).toMatch(/^RATE_LIMITED/);
    // Ten times the write budget by default.
    for (let i = 0; i < 20; i++) expect(await outcome(spendReplayBudget(limits, session, address))).toBe("ok");
    expect(await outcome(spendReplayBudget(limits, session, address))).toBe("RATE_LIMITED: too many replays from this session; retry later");
  });

  it("can be sized on its own, per session and per address", async () => {
    const limits = createRateLimits(pool, { ...base, replaysPerSessionPerMinute: 3, replaysPerAddressPerMinute: 4 });
    const address = unique("192.0.2.2");
    const results: string[] = [];
    for (let i = 0; i < 5; i++) results.push(await outcome(spendReplayBudget(limits, unique("customer:s"), address)));
    expect(results).toEqual(["ok", "ok", "ok", "ok", "RATE_LIMITED: too many replays from this address; retry later"]);
  });
});
