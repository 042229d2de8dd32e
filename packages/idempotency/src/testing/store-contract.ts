// One suite for every IdempotencyStore: run it with a store factory and a tiny business
// write of that store's kind, and it checks the semantics runOnce relies on (commit together,
// roll back together, wait for a concurrent claim, time out, hand back the record of a key
// that is taken, retention) and the protocol's answers on top (first execution, replay,
// conflict, expiry, rejection, concurrency: a duplicate never runs its business write, a
// crash in the middle leaves nothing).
import { describe, expect, it, vi } from "vitest";
import { IdempotencyError } from "../shared/errors.ts";
import { runOnce, type BusinessOutcome, type IdempotentOperation } from "../server/run-once.ts";
import { LockTimeoutError, type Claim, type ClaimToken, type IdempotencyStore } from "../server/store.ts";

export interface StoreUnderTest<Tx> {
  store: IdempotencyStore<Tx>;
  /** Writes one business row in the transaction; returns its id. */
  write: (tx: Tx, label: string) => Promise<string>;
  /** Committed business rows with this label. */
  count: (label: string) => Promise<number>;
  /** How many claims are waiting for another transaction's claim on the same key right now. */
  waitingClaims: () => Promise<number>;
}

let sequence = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;
const day = 86_400_000;

/** The token of a claim this transaction holds; throws when the key was taken instead. */
function held(claim: Claim): ClaimToken {
  if ("taken" in claim) throw new Error(`expected to hold the key, found it taken (${JSON.stringify(claim.taken)})`);
  return claim.held;
}

/** The store, counting its look-ups (`find`, outside a transaction and in one). */
function countingLookUps<Tx>(store: IdempotencyStore<Tx>) {
  let lookUps = 0;
  const counted: IdempotencyStore<Tx> = {
    ...store,
    find: (...args) => (lookUps++, store.find(...args)),
    transaction: (work, options) => store.transaction((t) => work({ ...t, find: (...args) => (lookUps++, t.find(...args)) }), options),
  };
  return { counted, lookUps: () => lookUps };
}

/** A promise and the function that settles it: a step one side waits for and the other takes. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

export function describeStoreContract<Tx>(name: string, setup: () => StoreUnderTest<Tx>) {
  describe(`${name}: the store`, () => {
    it("shows a claim and its outcome only after the commit, and finds nothing before", async () => {
      const { store, write } = setup();
      const scope = { principal: unique("p"), operation: "thing" };
      expect(await store.find(scope, "key-00001")).toBeNull();
      let seenInside: unknown = "unset";
      await store.transaction(
        async (t) => {
          const claim = held(await t.claim(scope, "key-00001", "v1:abc", new Date(Date.now() + day)));
          const id = await write(t.tx, scope.principal);
          await t.complete(claim, { outcome: "completed", status: 201, bodyJson: `{"id":"${id}"}`, resultId: id });
          seenInside = await store.find(scope, "key-00001");
        },
        { lockTimeoutMs: 1_000 },
      );
      expect(seenInside).toBeNull();
      const record = await store.find(scope, "key-00001");
      expect(record).toMatchObject({
        operation: "thing",
        key: "key-00001",
        fingerprint: "v1:abc",
        outcome: "completed",
        responseStatus: 201,
        counters: { replayed: 0, conflict: 0, inProgress: 0 },
      });
      expect(record!.responseBody).toBe(`{"id":"${record!.resultId}"}`);
    });

    it("rolls the claim and the business write back together", async () => {
      const { store, write, count } = setup();
      const scope = { principal: unique("p"), operation: "thing" };
      await expect(
        store.transaction(
          async (t) => {
            const claim = held(await t.claim(scope, "key-00002", "v1:abc", new Date(Date.now() + day)));
            await write(t.tx, scope.principal);
            await t.complete(claim, { outcome: "completed", status: 201, bodyJson: "{}", resultId: "x" });
            throw new Error("crash after the write");
          },
          { lockTimeoutMs: 1_000 },
        ),
      ).rejects.toThrow("crash after the write");
      expect(await store.find(scope, "key-00002")).toBeNull();
      expect(await count(scope.principal)).toBe(0);
    });

    it("makes a second claim wait for the first: null after a commit, the key after a rollback", async () => {
      const { store, waitingClaims } = setup();
      const scope = { principal: unique("p"), operation: "thing" };
      const expires = new Date(Date.now() + day);
      const events: string[] = [];
      const run = (key: string, who: string, hold?: { claimed: () => void; release: Promise<void>; fail: boolean }) =>
        store.transaction(
          async (t) => {
            const claim = await t.claim(scope, key, "v1:abc", expires);
            events.push(`${who} ${"held" in claim ? "claimed" : "taken"}`);
            if ("taken" in claim) {
              // Committed by the transaction this claim waited for: the claim may not have been
              // able to read its record (null), a look-up in this transaction can.
              if (claim.taken !== null) expect(claim.taken).toMatchObject({ key, outcome: "completed" });
              expect(await t.find(scope, key)).toMatchObject({ key, outcome: "completed", responseStatus: 201 });
              return "taken";
            }
            if (hold) {
              hold.claimed();
              await hold.release;
              events.push(`${who} ends`);
              if (hold.fail) throw new Error("first attempt fails");
            }
            await t.complete(claim.held, { outcome: "completed", status: 201, bodyJson: "{}", resultId: "r" });
            return "claimed";
          },
          { lockTimeoutMs: 5_000 },
        );
      // The first holds its claim until the second is seen waiting on it, then ends.
      const firstThenSecond = async (key: string, fail: boolean) => {
        const claimed = signal();
        const release = signal();
        events.length = 0;
        const first = run(key, "first", { claimed: claimed.fire, release: release.fired, fail });
        await claimed.fired;
        const second = run(key, "second");
        // Polled: a lock wait announces itself to nobody.
        await vi.waitFor(async () => expect(await waitingClaims()).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
        release.fire();
        return Promise.allSettled([first, second]);
      };

      expect(await firstThenSecond("key-00003", false)).toEqual([
        { status: "fulfilled", value: "claimed" },
        { status: "fulfilled", value: "taken" },
      ]);
      expect(events).toEqual(["first claimed", "first ends", "second taken"]);

      const [failed, retried] = await firstThenSecond("key-00004", true);
      expect(failed.status).toBe("rejected");
      expect(retried).toEqual({ status: "fulfilled", value: "claimed" });
      expect(events).toEqual(["first claimed", "first ends", "second claimed"]);
    });

    it("gives up waiting after the lock timeout with LockTimeoutError", async () => {
      const { store } = setup();
      const scope = { principal: unique("p"), operation: "thing" };
      const expires = new Date(Date.now() + day);
      const claimed = signal();
      const release = signal();
      const holder = store.transaction(
        async (t) => {
          const claim = held(await t.claim(scope, "key-00005", "v1:abc", expires));
          claimed.fire();
          await release.fired;
          await t.complete(claim, { outcome: "completed", status: 201, bodyJson: "{}", resultId: "r" });
        },
        { lockTimeoutMs: 2_000 },
      );
      await claimed.fired;
      const waiter = store.transaction((t) => t.claim(scope, "key-00005", "v1:abc", expires), { lockTimeoutMs: 200 });
      await expect(waiter).rejects.toBeInstanceOf(LockTimeoutError);
      release.fire();
      await holder;
      expect(await store.find(scope, "key-00005")).toMatchObject({ outcome: "completed" });
    });

    it("hands back the record of a key committed before from the claim itself, and changes nothing", async () => {
      const { store } = setup();
      const scope = { principal: unique("p"), operation: "thing" };
      const expires = new Date(Date.now() + day);
      await store.transaction(
        async (t) => {
          const claim = held(await t.claim(scope, "key-00009", "v1:abc", expires));
          await t.complete(claim, { outcome: "rejected", status: 422, bodyJson: `{"code":"NOPE"}`, resultId: null });
        },
        { lockTimeoutMs: 1_000 },
      );
      const before = await store.find(scope, "key-00009");
      // Another fingerprint and expiry: the claim neither takes the key nor rewrites the record.
      const again = await store.transaction((t) => t.claim(scope, "key-00009", "v1:other", new Date(Date.now() + 2 * day)), { lockTimeoutMs: 1_000 });
      expect(again).toEqual({ taken: before });
      expect(before).toMatchObject({ fingerprint: "v1:abc", outcome: "rejected", responseStatus: 422, responseBody: `{"code":"NOPE"}`, resultId: null });
      expect(await store.find(scope, "key-00009")).toEqual(before);
    });

    it("looks up a principal's newest record among operation types, adds counters, and expires in batches", async () => {
      const { store } = setup();
      const principal = unique("p");
      const commit = (operation: string, key: string, expiresAt: Date) =>
        store.transaction(
          async (t) => {
            const claim = held(await t.claim({ principal, operation }, key, "v1:abc", expiresAt));
            await t.complete(claim, { outcome: "rejected", status: 422, bodyJson: `{"op":"${operation}"}`, resultId: null });
          },
          { lockTimeoutMs: 1_000 },
        );
      const past = new Date(Date.now() - 1_000);
      await commit("a", "key-00006", new Date(Date.now() + day));
      await commit("b", "key-00007", past);
      await commit("b", "key-00008", past);
      expect(await store.findForPrincipal(principal, "key-00006", ["a", "b"])).toMatchObject({ operation: "a", outcome: "rejected", responseStatus: 422 });
      expect(await store.findForPrincipal(principal, "key-00006", ["b"])).toBeNull();
      expect(await store.findForPrincipal("someone-else", "key-00006", ["a"])).toBeNull();

      await store.addCounters([
        { principal, operation: "a", key: "key-00006", replayed: 2, conflict: 1 },
        { principal, operation: "a", key: "unknown-key", replayed: 5 },
      ]);
      expect((await store.find({ principal, operation: "a" }, "key-00006"))!.counters).toEqual({ replayed: 2, conflict: 1, inProgress: 0 });

      expect(await store.expire({ batchSize: 1, now: new Date() })).toBeGreaterThanOrEqual(2);
      const tombstone = await store.find({ principal, operation: "b" }, "key-00007");
      expect(tombstone).toMatchObject({ outcome: "expired", responseBody: null });
      expect((await store.find({ principal, operation: "a" }, "key-00006"))!.outcome).toBe("rejected");
    });
    it("compacts only tombstones that expired before the horizon, in batches", async () => {
      const { store } = setup();
      const principal = unique("p");
      const commit = (key: string, outcome: "completed" | "rejected", expiresAt: Date) =>
        store.transaction(
          async (t) => {
            const claim = held(await t.claim({ principal, operation: "thing" }, key, "v1:abc", expiresAt));
            await t.complete(claim, { outcome, status: outcome === "completed" ? 201 : 422, bodyJson: "{}", resultId: outcome === "completed" ? "r" : null });
          },
          { lockTimeoutMs: 1_000 },
        );
      // Far in the past, so no other test's records are this old.
      const horizon = new Date(Date.now() - 3_000 * day);
      await commit("key-00020", "completed", new Date(horizon.getTime() - day)); // past the horizon
      await commit("key-00021", "rejected", new Date(horizon.getTime() - 2 * day)); // past it, a stored rejection
      await commit("key-00022", "completed", new Date(horizon.getTime() + day)); // a tombstone inside it
      await commit("key-00023", "completed", new Date(Date.now() + day)); // still replayable
      const find = (key: string) => store.find({ principal, operation: "thing" }, key);

      // A record is never deleted before it became a tombstone.
      expect(await store.compact({ expiredBefore: horizon })).toBe(0);
      expect(await find("key-00020")).not.toBeNull();
      await store.expire({ now: new Date() });
      expect(await store.compact({ expiredBefore: horizon, batchSize: 1 })).toBe(2);
      expect(await find("key-00020")).toBeNull();
      expect(await find("key-00021")).toBeNull();
      expect(await find("key-00022")).toMatchObject({ outcome: "expired" });
      expect(await find("key-00023")).toMatchObject({ outcome: "completed" });
    });
  });

  describe(`${name}: runOnce on it`, () => {
    const operationFor = (
      write: StoreUnderTest<Tx>["write"],
      rejectWhen?: (input: { n: number }) => boolean,
    ): IdempotentOperation<{ n: number }, { id: string }, Tx> => ({
      type: "thing",
      fingerprint: { fields: ["n"] },
      async execute(tx, input, { principal }): Promise<BusinessOutcome<{ id: string }>> {
        if (rejectWhen?.(input)) return { outcome: "rejected", status: 422, body: { code: "NOPE" } };
        const id = await write(tx, principal);
        return { outcome: "completed", status: 201, body: { id }, resultId: id };
      },
    });

    it("executes once, replays byte for byte, and refuses other parameters with the bound outcome", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      const first = await runOnce(store, op, { principal, key: "key-10001", input: { n: 1 } });
      expect(first).toMatchObject({ status: 201, replayed: false });
      const again = await runOnce(store, op, { principal, key: "key-10001", input: { n: 1 } });
      expect(again).toMatchObject({ status: 201, replayed: true, bodyJson: first.bodyJson, resultId: first.resultId });
      const reused = await runOnce(store, op, { principal, key: "key-10001", input: { n: 2 } }).catch((e: unknown) => e);
      expect(reused).toBeInstanceOf(IdempotencyError);
      expect(reused).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", details: { boundTo: { status: 201, resultId: first.resultId, outcome: "completed" } } });
      expect(await count(principal)).toBe(1);
    });

    it("stores a business rejection as the final outcome and replays it", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write, () => true);
      const first = await runOnce(store, op, { principal, key: "key-10002", input: { n: 1 } });
      expect(first).toMatchObject({ outcome: "rejected", status: 422, replayed: false });
      expect(await runOnce(store, op, { principal, key: "key-10002", input: { n: 1 } })).toMatchObject({ outcome: "rejected", replayed: true });
      expect(await count(principal)).toBe(0);
    });

    it("answers 410 past retention and never executes the key again", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      await runOnce(store, op, { principal, key: "key-10003", input: { n: 1 } }, { retentionDays: 30 });
      const later = () => new Date(Date.now() + 31 * day);
      await expect(runOnce(store, op, { principal, key: "key-10003", input: { n: 1 } }, { now: later })).rejects.toMatchObject({
        code: "IDEMPOTENCY_KEY_EXPIRED",
      });
      await store.expire({ now: later() });
      await expect(runOnce(store, op, { principal, key: "key-10003", input: { n: 1 } })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_EXPIRED" });
      expect(await count(principal)).toBe(1);
    });

    it("looks nothing up besides the claim: a fresh key, a replay and a conflict are decided by it", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      const { counted, lookUps } = countingLookUps(store);
      const first = await runOnce(counted, op, { principal, key: "key-10008", input: { n: 1 } });
      expect(first).toMatchObject({ status: 201, replayed: false });
      expect(await runOnce(counted, op, { principal, key: "key-10008", input: { n: 1 } })).toEqual({ ...first, replayed: true });
      await expect(runOnce(counted, op, { principal, key: "key-10008", input: { n: 2 } })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
      expect(lookUps()).toBe(0);
      expect(await count(principal)).toBe(1);
    });

    it("uses the caller's own look-up of the key: answers from its record, and with null claims (a key committed since still replays)", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      const { counted, lookUps } = countingLookUps(store);
      const first = await runOnce(counted, op, { principal, key: "key-10006", input: { n: 1 }, found: null });
      expect(first).toMatchObject({ status: 201, replayed: false });
      const record = await store.find({ principal, operation: op.type }, "key-10006");
      let transactions = 0;
      const countingTransactions: IdempotencyStore<Tx> = { ...counted, transaction: (...args) => (transactions++, counted.transaction(...args)) };
      expect(await runOnce(countingTransactions, op, { principal, key: "key-10006", input: { n: 1 }, found: record })).toMatchObject({
        replayed: true,
        bodyJson: first.bodyJson,
      });
      expect(transactions).toBe(0);
      // A record of another key is not taken for this one's: the claim decides.
      const other = await runOnce(counted, op, { principal, key: "key-10007", input: { n: 2 }, found: record });
      expect(other).toMatchObject({ status: 201, replayed: false });
      // Looked up before the first request committed: the claim finds the key taken.
      expect(await runOnce(counted, op, { principal, key: "key-10006", input: { n: 1 }, found: null })).toMatchObject({
        replayed: true,
        bodyJson: first.bodyJson,
      });
      expect(lookUps()).toBe(0);
      expect(await count(principal)).toBe(2);
    });

    it("makes one effect of 20 concurrent requests with one key; the rest replay it", async () => {
      const { store, write, count } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => runOnce(store, op, { principal, key: "key-10004", input: { n: 1 } }, { lockTimeoutMs: 5_000 })),
      );
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.bodyJson)).size).toBe(1);
      expect(await count(principal)).toBe(1);
    });

    it("makes a duplicate that arrives during the first's business write wait: it never runs its own, and replays the first's", async () => {
      const { store, write, count, waitingClaims } = setup();
      const principal = unique("p");
      const executions: string[] = [];
      const entered = signal();
      const op = operationFor(write);
      const watched = (who: string, holdUntilDuplicateWaits: boolean): IdempotentOperation<{ n: number }, { id: string }, Tx> => ({
        ...op,
        async execute(tx, input, context) {
          executions.push(who);
          if (holdUntilDuplicateWaits) {
            entered.fire();
            await vi.waitFor(async () => expect(await waitingClaims()).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
          }
          return op.execute(tx, input, context);
        },
      });
      const first = runOnce(store, watched("first", true), { principal, key: "key-10009", input: { n: 1 } }, { lockTimeoutMs: 10_000 });
      await entered.fired;
      const duplicate = await runOnce(store, watched("duplicate", false), { principal, key: "key-10009", input: { n: 1 } }, { lockTimeoutMs: 10_000 });
      const original = await first;
      expect(executions).toEqual(["first"]);
      expect(original).toMatchObject({ replayed: false });
      expect(duplicate).toEqual({ ...original, replayed: true });
      expect(await count(principal)).toBe(1);
    });

    it("leaves nothing when the attempt crashes between its statements, and a duplicate waiting on it then runs it once", async () => {
      const { store, write, count, waitingClaims } = setup();
      const principal = unique("p");
      const op = operationFor(write);
      const entered = signal();
      const crashing: IdempotentOperation<{ n: number }, { id: string }, Tx> = {
        ...op,
        async execute(tx, _input, { principal: who }) {
          await write(tx, who); // a business row is written...
          entered.fire();
          await vi.waitFor(async () => expect(await waitingClaims()).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
          throw new Error("crash before the outcome"); // ...and the attempt dies before its outcome is stored
        },
      };
      const first = runOnce(store, crashing, { principal, key: "key-10010", input: { n: 1 } }, { lockTimeoutMs: 10_000 });
      await entered.fired;
      const duplicate = runOnce(store, op, { principal, key: "key-10010", input: { n: 1 } }, { lockTimeoutMs: 10_000 });
      await expect(first).rejects.toThrow("crash before the outcome");
      expect(await duplicate).toMatchObject({ status: 201, replayed: false });
      expect(await count(principal)).toBe(1);
      expect(await store.find({ principal, operation: op.type }, "key-10010")).toMatchObject({ outcome: "completed", resultId: (await duplicate).resultId });

      // Alone: the crash leaves neither the record nor the business row, and the retry runs.
      const alone = unique("p");
      await expect(
        runOnce(
          store,
          { ...crashing, execute: (tx, _i, c) => write(tx, c.principal).then(() => Promise.reject(new Error("crash"))) },
          { principal: alone, key: "key-10011", input: { n: 1 } },
        ),
      ).rejects.toThrow("crash");
      expect(await store.find({ principal: alone, operation: op.type }, "key-10011")).toBeNull();
      expect(await count(alone)).toBe(0);
      expect(await runOnce(store, op, { principal: alone, key: "key-10011", input: { n: 1 } })).toMatchObject({ replayed: false });
      expect(await count(alone)).toBe(1);
    });

    it("answers IDEMPOTENCY_IN_PROGRESS with the configured Retry-After while another attempt holds the key", async () => {
      const { store, write } = setup();
      const principal = unique("p");
      const entered = signal();
      const release = signal();
      const slow: IdempotentOperation<{ n: number }, { id: string }, Tx> = {
        ...operationFor(write),
        async execute(tx, input, context) {
          entered.fire();
          await release.fired;
          return operationFor(write).execute(tx, input, context);
        },
      };
      const first = runOnce(store, slow, { principal, key: "key-10005", input: { n: 1 } });
      await entered.fired;
      await expect(runOnce(store, slow, { principal, key: "key-10005", input: { n: 1 } }, { lockTimeoutMs: 100, retryAfterSeconds: 7 })).rejects.toMatchObject({
        code: "IDEMPOTENCY_IN_PROGRESS",
        details: { retryAfterSeconds: 7 },
      });
      release.fire();
      expect(await first).toMatchObject({ replayed: false });
    });
  });
}
