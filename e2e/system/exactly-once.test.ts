// The acceptance table of docs/GUARANTEES.md over HTTP, on two separate production nodes sharing one
// PostgreSQL: concurrency, lost responses, rollbacks, conflicts, restarts, other principals,
// retention. Every case checks what the client hears AND how many records exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, getOperation, newKey, newSession, post, startCluster, type Cluster } from "./cluster-fixture.ts";
import { startLossyProxy } from "./lossy-proxy.ts";

let cluster: Cluster;
const order = { item: "sample-guide", quantity: 1 };
const customerOf = (token: string) => token.split(".")[1]!;

beforeAll(async () => {
  cluster = await startCluster({ label: "system", basePort: 3210 });
});
afterAll(() => cluster?.stop());

const a = () => cluster.nodes[0]!;
const b = () => cluster.nodes[1]!;
const ordersOf = (token: string) => count(cluster.sql, "sample_order where customer_id = $1", [customerOf(token)]);
const recordsOf = (token: string) => count(cluster.sql, "idempotency_record where principal = $1", [`customer:${customerOf(token)}`]);

describe("one key, one effect across two nodes", () => {
  it("the order write-up's request (seed 003, docs/GUARANTEES.md) succeeds with 201 and the created order, id at top level", async () => {
    const token = await newSession(a());
    const reply = await post(a(), "/api/v1/orders", { token, key: "demo-operation-a", body: order });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
    expect(reply.headers.get("idempotent-replayed")).toBeNull();
    expect(reply.body).toMatchObject({ id: expect.any(String), number: expect.stringMatching(/^SO-/), item: "sample-guide", quantity: 1 });
  });

  it("the same key sent to two nodes at once, 50 copies: one order, the rest replays or in-progress", async () => {
    const token = await newSession(a());
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? b() : a(), "/api/v1/orders", { token, key, body: order })));
    expect(await ordersOf(token)).toBe(1);
    const created = replies.filter((r) => r.status === 201);
    const inProgress = replies.filter((r) => r.status === 409);
    expect(created.length + inProgress.length).toBe(50);
    expect(created.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of inProgress) {
      expect(r.body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  it("a lost response: the original key returns the original result from the other node, no second order", async () => {
    const token = await newSession(a());
    const key = newKey();
    const proxy = await startLossyProxy(a().port);
    try {
      await expect(post(proxy.url, "/api/v1/orders", { token, key, body: order })).rejects.toThrow();
    } finally {
      await proxy.close();
    }
    const status = await getOperation(b(), token, key, "order");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ key, type: "order", outcome: "completed", status: 201, resultId: expect.any(String) });

    const retry = await post(b(), "/api/v1/orders", { token, key, body: order });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.id).toBe(status.body.resultId);
    expect(await ordersOf(token)).toBe(1);
  });

  it("a transaction that fails after the business write leaves nothing, and the retry creates exactly one", async () => {
    const token = await newSession(a());
    const key = `inject-fail-${newKey()}`;
    // Fault injected in the database: storing this key's outcome fails, after the order row
    // was written in the same transaction.
    await cluster.sql.query(`
      create or replace function fail_injected_key() returns trigger language plpgsql as $$
      begin
        if new.key like 'inject-fail-%' and new.outcome = 'completed' then
          raise exception 'injected failure after the business write';
        end if;
        return new;
      end $$;
      create trigger fail_injected_key before update on idempotency_record
        for each row execute function fail_injected_key();`);
    let failed;
    try {
      failed = await post(a(), "/api/v1/orders", { token, key, body: order });
    } finally {
      await cluster.sql.query(`drop trigger fail_injected_key on idempotency_record; drop function fail_injected_key();`);
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ code: "INTERNAL", retryable: true });
    expect(await ordersOf(token)).toBe(0);
    expect(await recordsOf(token)).toBe(0);
    expect((await getOperation(b(), token, key)).status).toBe(404);

    const retry = await post(b(), "/api/v1/orders", { token, key, body: order });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await ordersOf(token)).toBe(1);
  });

  it("same key with different parameters: 422 naming the original, which stays unchanged", async () => {
    const token = await newSession(a());
    const key = newKey();
    const first = await post(a(), "/api/v1/orders", { token, key, body: order });
    const conflict = await post(b(), "/api/v1/orders", { token, key, body: { ...order, quantity: 2 } });
    expect(conflict.status).toBe(422);
    expect(conflict.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(conflict.body).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      detail: expect.any(String),
      retryable: false,
      boundTo: { status: 201, resultId: first.body.id, outcome: "completed" },
    });
    const { rows } = await cluster.sql.query(`select quantity from sample_order where id = $1`, [first.body.id]);
    expect(rows).toEqual([{ quantity: 1 }]);
    const replay = await post(a(), "/api/v1/orders", { token, key, body: order });
    expect(replay.text).toBe(first.text);
  });

  it("different keys with the same content are separate orders; a same-phone lead is flagged, not refused", async () => {
    const token = await newSession(a());
    const one = await post(a(), "/api/v1/orders", { token, key: newKey(), body: order });
    const two = await post(b(), "/api/v1/orders", { token, key: newKey(), body: order });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
    expect(await ordersOf(token)).toBe(2);

    const phone = `+86 139 ${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, "0")}`;
    const lead = { name: "王小明", phone, content: "想了解样品指南的批量价格" };
    const l1 = await post(a(), "/api/v1/leads", { token, key: newKey(), body: lead });
    const l2 = await post(b(), "/api/v1/leads", { token, key: newKey(), body: lead });
    expect([l1.status, l2.status]).toEqual([201, 201]);
    const { rows } = await cluster.sql.query(`select id, possible_duplicate, duplicate_of_id from lead where id = any($1) order by number`, [
      [l1.body.id, l2.body.id],
    ]);
    expect(rows).toEqual([
      { id: l1.body.id, possible_duplicate: false, duplicate_of_id: null },
      { id: l2.body.id, possible_duplicate: true, duplicate_of_id: l1.body.id },
    ]);
  });

  it("after a node restarts, the original key is found from durable storage", async () => {
    const token = await newSession(a());
    const key = newKey();
    const first = await post(a(), "/api/v1/orders", { token, key, body: order });
    const restarted = await cluster.restart(0);
    const status = await getOperation(restarted, token, key, "order");
    expect(status.body).toMatchObject({ outcome: "completed", resultId: first.body.id });
    const replay = await post(restarted, "/api/v1/orders", { token, key, body: order });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(await ordersOf(token)).toBe(1);
  });

  it("another principal neither sees nor reuses my operation", async () => {
    const mine = await newSession(a());
    const theirs = await newSession(b());
    const key = newKey();
    const first = await post(a(), "/api/v1/orders", { token: mine, key, body: order });
    expect((await getOperation(b(), theirs, key)).status).toBe(404);
    const other = await post(b(), "/api/v1/orders", { token: theirs, key, body: { ...order, quantity: 2 } });
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(other.body.id).not.toBe(first.body.id);
    expect(await ordersOf(mine)).toBe(1);
    expect((await getOperation(a(), mine, key)).body).toMatchObject({ resultId: first.body.id });
  });

  it("a key past retention gets an explicit 410 and is never executed again", async () => {
    const token = await newSession(a());
    const key = newKey();
    await post(a(), "/api/v1/orders", { token, key, body: order });
    await cluster.sql.query(`update idempotency_record set expires_at = now() - interval '1 second' where key = $1`, [key]);
    const expired = await post(b(), "/api/v1/orders", { token, key, body: order });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: "IDEMPOTENCY_KEY_EXPIRED", retryable: false });
    expect((await getOperation(b(), token, key)).body).toMatchObject({ outcome: "expired", result: null });
    expect(await ordersOf(token)).toBe(1);
  });

  it("a stored business rejection is replayed as the same answer", async () => {
    const token = await newSession(a());
    const key = newKey();
    const first = await post(a(), "/api/v1/orders", { token, key, body: { item: "no-such-guide", quantity: 1 } });
    expect(first.status).toBe(404);
    expect(first.body).toMatchObject({ code: "GUIDE_NOT_FOUND" });
    const again = await post(b(), "/api/v1/orders", { token, key, body: { item: "no-such-guide", quantity: 1 } });
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
  });
});
