// @once/client against a production node: keys minted per call, the same key resent after no
// answer (a dropped response, through the lossy proxy), 409 and 5xx, Retry-After honoured, and
// every final refusal returned at once as a typed error.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOnceClient, OnceNetworkError, OnceProblemError, type OnceClientOptions } from "@once/client";
import { count, startCluster, type Cluster } from "./cluster-fixture.ts";
import { startLossyProxy, type LossyProxy } from "./lossy-proxy.ts";

const WRITES_PER_SESSION = 5;
let cluster: Cluster;
let proxy: LossyProxy;
const node = () => cluster.nodes[0]!;
const order = { item: "sample-guide", quantity: 1 };
const fast = { baseDelayMs: 20, maxDelayMs: 100 };

beforeAll(async () => {
  cluster = await startCluster({
    label: "client",
    basePort: 3380,
    nodes: 1,
    env: { RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_SESSION), IDEMPOTENCY_LOCK_TIMEOUT_MS: "300", LOG_LEVEL: "fatal" },
  });
  proxy = await startLossyProxy(node().port);
});
afterAll(async () => {
  await proxy?.close();
  await cluster?.stop();
});

/** A fetch that records each answer and lets a test act after the n-th one (or reroute the n-th request). */
function watchedFetch(options: { afterAnswer?: (n: number, res: Response) => Promise<void>; route?: (n: number) => string | undefined } = {}) {
  const calls: number[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const n = calls.length + 1;
    calls.push(n);
    const request = new Request(input, init);
    const origin = options.route?.(n);
    const sent = origin ? new Request(new URL(new URL(request.url).pathname + new URL(request.url).search, origin), request) : request;
    const res = await fetch(sent);
    await options.afterAnswer?.(n, res);
    return res;
  };
  return { fetchFn, calls };
}

async function clientWithSession(options: Partial<OnceClientOptions> = {}) {
  const client = createOnceClient({ baseUrl: node().url, retry: fast, ...options });
  const session = await client.createSession();
  expect(session.ok).toBe(true);
  return client;
}

const ordersOf = (token: string) => count(cluster.sql, "sample_order where customer_id = $1", [token.split(".")[1]]);

describe("@once/client", () => {
  it("mints a key per call and answers a resend of the same key with the first outcome", async () => {
    const client = await clientWithSession();
    const first = await client.createOrder(order);
    expect(first).toMatchObject({ ok: true, replayed: false, attempts: 1, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await client.createOrder(order, { key: first.key });
    expect(again).toMatchObject({ ok: true, replayed: true, key: first.key });
    expect(again.ok && first.ok && again.data).toEqual(first.ok && first.data);
    const other = await client.createOrder(order);
    expect(other.key).not.toBe(first.key);
    expect(await ordersOf(client.token!)).toBe(2);
  });

  it("resolves a dropped response to the original order by resending the same key", async () => {
    // The first attempt goes through the proxy that delivers it and drops the answer.
    const { fetchFn, calls } = watchedFetch({ route: (n) => (n === 1 ? proxy.url : undefined) });
    const client = await clientWithSession();
    const viaProxy = createOnceClient({ baseUrl: node().url, token: client.token, retry: fast, fetch: fetchFn });
    const outcome = await viaProxy.createOrder(order);
    expect(calls).toHaveLength(2);
    expect(outcome).toMatchObject({ ok: true, replayed: true, attempts: 2 });
    const lookup = await client.getOperation(outcome.key!, { type: "order" });
    expect(lookup.ok && lookup.data).toMatchObject({ outcome: "completed", status: 201 });
    expect(outcome.ok && lookup.ok && outcome.data.id).toBe(lookup.ok && lookup.data.resultId);
    expect(await ordersOf(client.token!)).toBe(1);
  });

  it("waits out 409 IDEMPOTENCY_IN_PROGRESS for Retry-After and resends the same key", async () => {
    const client = await clientWithSession();
    const key = crypto.randomUUID();
    // An earlier attempt with this key, still running: its claim, not yet committed.
    const holder = new pg.Client({ connectionString: cluster.database.url });
    await holder.connect();
    await holder.query("begin");
    await holder.query(
      `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at) values ($1, 'order', $2, 'v1:held', 'in_progress', now() + interval '1 day')`,
      [`customer:${client.token!.split(".")[1]}`, key],
    );
    const statuses: number[] = [];
    const { fetchFn } = watchedFetch({
      afterAnswer: async (n, res) => {
        statuses.push(res.status);
        if (n === 1) await holder.query("rollback"); // the earlier attempt failed: nothing was stored
      },
    });
    const started = Date.now();
    const outcome = await createOnceClient({ baseUrl: node().url, token: client.token, retry: fast, fetch: fetchFn }).createOrder(order, { key });
    await holder.end();
    expect(statuses).toEqual([409, 201]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000); // Retry-After: 1, longer than the backoff
    expect(outcome).toMatchObject({ ok: true, replayed: false, attempts: 2, key });
  });

  it("resends the same key after a 500, and the retry creates exactly one order", async () => {
    const client = await clientWithSession();
    await cluster.sql.query(`
      create or replace function fail_client_test() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$;
      create trigger fail_client_test before update on idempotency_record for each row
        when (new.principal = 'customer:${client.token!.split(".")[1]}') execute function fail_client_test();`);
    const drop = () => cluster.sql.query(`drop trigger if exists fail_client_test on idempotency_record; drop function if exists fail_client_test();`);
    const statuses: number[] = [];
    const { fetchFn } = watchedFetch({
      afterAnswer: async (n, res) => {
        statuses.push(res.status);
        if (n === 1) await drop();
      },
    });
    try {
      const outcome = await createOnceClient({ baseUrl: node().url, token: client.token, retry: fast, fetch: fetchFn }).createOrder(order);
      expect(statuses).toEqual([500, 201]);
      expect(outcome).toMatchObject({ ok: true, replayed: false, attempts: 2 });
      expect(await ordersOf(client.token!)).toBe(1);
    } finally {
      await drop();
    }
  });

  it("returns every final refusal at once as a typed error carrying its code", async () => {
    const { fetchFn, calls } = watchedFetch();
    const client = await clientWithSession({ fetch: fetchFn });
    calls.length = 0;
    const invalid = await client.createOrder({ item: "sample-guide", quantity: 6 });
    expect(!invalid.ok && invalid.error).toBeInstanceOf(OnceProblemError);
    expect(!invalid.ok && invalid.error).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 400,
      retryable: false,
      problem: { fields: { quantity: ["quantity is at most 5"] } },
    });
    const created = await client.createOrder(order);
    const reused = await client.createOrder({ ...order, quantity: 2 }, { key: created.key });
    expect(!reused.ok && reused.error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      status: 422,
      key: created.key,
      problem: { boundTo: { status: 201, outcome: "completed" } },
    });
    const unknownGuide = await client.createOrder({ item: "no-such-guide", quantity: 1 });
    expect(!unknownGuide.ok && unknownGuide.error).toMatchObject({ code: "GUIDE_NOT_FOUND", status: 404 });
    const unknownKey = await client.getOperation(crypto.randomUUID());
    expect(!unknownKey.ok && unknownKey.error).toMatchObject({ code: "NOT_FOUND", status: 404 });
    const anonymous = await createOnceClient({ baseUrl: node().url, fetch: fetchFn }).createLead({ name: "Li Lei", phone: "13800000000", content: "Hello" });
    expect(!anonymous.ok && anonymous.error).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
    // One request each: nothing final was ever sent twice.
    expect(calls).toHaveLength(6);
  });

  it("gives up on a Retry-After beyond its limit, and on no answer after its attempts, keeping the key", async () => {
    const client = await clientWithSession({ retry: { ...fast, maxRetryAfterSeconds: 5 } });
    for (let i = 0; i < WRITES_PER_SESSION; i++) expect((await client.createOrder(order)).ok).toBe(true);
    const limited = await client.createOrder(order);
    expect(limited).toMatchObject({ ok: false, attempts: 1, error: { code: "RATE_LIMITED", status: 429, retryable: true } });

    const closed = createOnceClient({ baseUrl: "http://127.0.0.1:9", token: client.token, retry: { ...fast, maxAttempts: 3 } });
    const unreachable = await closed.createOrder(order, { key: "lead_1732950000000_k3j9xq" });
    expect(!unreachable.ok && unreachable.error).toBeInstanceOf(OnceNetworkError);
    expect(unreachable).toMatchObject({ ok: false, attempts: 3, key: "lead_1732950000000_k3j9xq", error: { code: "NETWORK", retryable: true } });
  });
});
