// The shared budgets on a real PostgreSQL: two limiter instances stand for two nodes.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createPrismaClient } from "@once/db";
import { testPool } from "@once/db/testing";
import type {} from "@once/db/testing/global-setup";
import { createRateLimits } from "./rate-limits.ts";
import { spendWriteBudget } from "./write-budget.ts";
import type { IdempotencyError } from "@once/idempotency";

const pool = testPool(inject("databaseUrl"), 4);
afterAll(() => pool.end());
const config = {
  writesPerSessionPerMinute: 3,
  writesPerAddressPerMinute: 5,
  sessionsPerAddressPerMinute: 2,
  signInsPerAddressPerMinute: 4,
  signInFreeFailures: 2,
};
const unique = (label: string) => `${label}-${randomBytes(4).toString("hex")}`;

describe("shared rate limits", () => {
  it("hold across nodes: two instances on one database share each budget", async () => {
    const [nodeA, nodeB] = [createRateLimits(pool, config), createRateLimits(pool, config)];
    const address = unique("203.0.113.9");
    expect(await nodeA.take("session-address", address)).toBeNull();
    expect(await nodeB.take("session-address", address)).toBeNull();
    const wait = await nodeA.take("session-address", address);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await nodeB.take("session-address", unique("203.0.113.10"))).toBeNull();
  });

  it("limit writes per session and per address, whatever sessions an address uses", async () => {
    const limits = createRateLimits(pool, config);
    const address = unique("198.51.100.1");
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      // A new session for every write: only the address budget (5) stops it.
      outcomes.push(
        await spendWriteBudget(limits, unique("customer:x"), address).then(
          () => "ok",
          (e: IdempotencyError) => `${e.code}:${e.details.retryAfterSeconds! > 0}`,
        ),
      );
    }
    expect(outcomes).toEqual(["ok", "ok", "ok", "ok", "ok", "RATE_LIMITED:true", "RATE_LIMITED:true"]);
    const session = unique("customer:y");
    const perSession: string[] = [];
    for (let i = 0; i < 4; i++)
      perSession.push(
        await spendWriteBudget(limits, session, unique("a")).then(
          () => "ok",
          (e: IdempotencyError) => e.message,
        ),
      );
    expect(perSession.slice(0, 3)).toEqual(["ok", "ok", "ok"]);
    expect(perSession[3]).toMatch(/this session/);
  });

  it("back off sign-in attempts on one account exponentially after the free failures, and clear on success", async () => {
    const [nodeA, nodeB] = [createRateLimits(pool, config), createRateLimits(pool, config)];
    const account = `${unique("carol")}@staff.test`;
    await nodeA.recordSignInFailure(account);
    expect(await nodeB.signInBackoff(account)).toBeNull(); // one free failure left
    await nodeB.recordSignInFailure(account); // second: waits 1 s
    expect(await nodeA.signInBackoff(account)).toBe(1);
    await nodeA.recordSignInFailure(account); // third: 2 s
    expect(await nodeB.signInBackoff(account)).toBe(2);
    await nodeA.recordSignInFailure(account); // fourth: 4 s
    expect(await nodeA.signInBackoff(account)).toBe(4);
    await nodeB.recordSignInSuccess(account);
    expect(await nodeA.signInBackoff(account)).toBeNull();
  });

  it("know a device that signed in, on every node, until its own free failures in a row", async () => {
    const [nodeA, nodeB] = [createRateLimits(pool, config), createRateLimits(pool, config)];
    const account = `${unique("dana")}@staff.test`;
    const device = unique("device");
    expect(await nodeA.isKnownSignInDevice(account, device)).toBe(false);
    await nodeA.rememberSignInDevice(account, device);
    expect(await nodeB.isKnownSignInDevice(account, device)).toBe(true);
    expect(await nodeB.isKnownSignInDevice(`${unique("other")}@staff.test`, device)).toBe(false);
    await nodeB.recordKnownDeviceFailure(account, device);
    expect(await nodeA.isKnownSignInDevice(account, device)).toBe(true); // one free failure left
    await nodeA.recordKnownDeviceFailure(account, device);
    expect(await nodeB.isKnownSignInDevice(account, device)).toBe(false);
    // Its failures never touched the account's own count.
    expect(await nodeA.signInBackoff(account)).toBeNull();
  });

  it("take several units at once (a bulk update spends one per lead)", async () => {
    const limits = createRateLimits(pool, { ...config, staffWritesPerMinute: 5 });
    const staff = unique("staff");
    expect(await limits.take("staff-write", staff, 4)).toBeNull();
    expect(await limits.take("staff-write", staff, 2)).toBeGreaterThan(0);
  });
});

describe("a budget taken on the caller's transaction", () => {
  const prisma = createPrismaClient(inject("databaseUrl"), { poolSize: 2 });
  afterAll(() => prisma.$disconnect());
  const limits = createRateLimits(pool, { ...config, orderCopiesPerAddressPerDay: 3 });

  it("is the same budget as take's, and is spent only when the transaction commits", async () => {
    const subject = unique("203.0.113.20 guide");
    expect(await limits.take("order-address", subject, 1)).toBeNull();
    await expect(
      prisma.$transaction(async (tx) => {
        expect(await limits.takeInTransaction(tx, "order-address", subject, 2)).toBeNull();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await prisma.$transaction((tx) => limits.takeInTransaction(tx, "order-address", subject, 2))).toBeNull(); // 1 + 2 of 3
    const wait = await prisma.$transaction((tx) => limits.takeInTransaction(tx, "order-address", subject, 1));
    expect(wait).toBeGreaterThan(60 * 60); // the day's window
    expect(await limits.take("order-address", subject, 1)).toBeGreaterThan(0); // take sees what the transaction spent
  });

  it("spend several budgets in one statement, in the same rows as one at a time, and fall back to memory when the store fails", async () => {
    const [nodeA, nodeB] = [createRateLimits(pool, config), createRateLimits(pool, config)];
    const [session, address] = [unique("customer:z"), unique("192.0.2.7")];
    // Session budget 3, address budget 5: three together, then the session's is spent; take() counts in the same rows.
    for (let i = 0; i < 3; i++)
      expect(
        await nodeA.takeAll([
          ["write-session", session],
          ["write-address", address],
        ]),
      ).toEqual([null, null]);
    const [sessionWait, addressWait] = await nodeB.takeAll([
      ["write-session", session],
      ["write-address", address],
    ]);
    expect(sessionWait).toBeGreaterThan(0);
    expect(addressWait).toBeNull();
    expect(await nodeB.take("write-address", address)).toBeNull(); // the fifth unit of 5
    expect(await nodeB.take("write-address", address)).toBeGreaterThan(0); // the sixth
    // Concurrent spends of the same two budgets, in both orders, neither deadlock nor lose a unit.
    const [s2, a2] = [unique("customer:w"), unique("192.0.2.8")];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        nodeA.takeAll(
          i % 2
            ? [
                ["write-session", s2],
                ["write-address", a2],
              ]
            : [
                ["write-address", a2],
                ["write-session", s2],
              ],
        ),
      ),
    );
    const { rows } = await pool.query<{ key: string; points: number }>(`select key, points from rate_limit where key = any($1) order by key`, [
      [`write-address:${a2}`, `write-session:${s2}`],
    ]);
    expect(rows.map((r) => r.points)).toEqual([8, 8]);
    // A store that fails: the node's in-memory budgets answer instead of an error.
    const broken = testPool(inject("databaseUrl"), 1);
    await broken.end();
    const offline = createRateLimits(broken, config);
    const spent = [];
    for (let i = 0; i < 4; i++)
      spent.push(
        await offline.takeAll([
          ["write-session", session],
          ["write-address", unique("a")],
        ]),
      );
    expect(spent.map(([perSession]) => perSession === null)).toEqual([true, true, true, false]);
  });
});
