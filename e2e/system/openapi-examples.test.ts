// Every example of the served OpenAPI description, sent to a production node: each answer
// example's request (under a session and client address of its own, after what the case
// needs to have happened first) must get the example's status, declared headers and body
// (minted ids, numbers and instants compared by type). The served documents are the committed
// ones that `pnpm lint` checks with Redocly and Spectral.
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newKey, startCluster, type Cluster } from "./cluster-fixture.ts";
import { describedCases, withMintedFrom, type DescribedCase, type Json } from "./described-cases.ts";

const WRITES_PER_SESSION = 12;
const SESSIONS_PER_ADDRESS = 5;
let cluster: Cluster;
let doc: Json;
const node = () => cluster.nodes[0]!;

beforeAll(async () => {
  cluster = await startCluster({
    label: "openapi",
    basePort: 3360,
    nodes: 1,
    env: {
      TRUSTED_PROXIES: "loopback",
      RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_SESSION),
      RATE_LIMIT_SESSIONS_PER_MINUTE: String(SESSIONS_PER_ADDRESS),
      ORDER_DAILY_COPIES_PER_GUIDE: "10",
      IDEMPOTENCY_LOCK_TIMEOUT_MS: "300",
      LOG_LEVEL: "fatal",
    },
  });
  doc = (await (await fetch(`${node().url}/api/v1/openapi.json`)).json()) as Json;
});
afterAll(() => cluster?.stop());

let lastAddress = 0;

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

/** The order number the examples name ("SO-000042"), and the order each address's session placed in its stead. */
const SAMPLE_ORDER_PATH = "/orders/SO-000042/";
const ownOrders = new Map<string, string>();

/** Sends a case's request (or a variant of it) from `address` with `token`. */
async function send(c: DescribedCase, address: string, token: string | null, change: { key?: string; body?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = { ...c.headers, "x-forwarded-for": address };
  if (change.key) headers["Idempotency-Key"] = change.key;
  if (change.body !== undefined) headers["Content-Type"] ??= "application/json";
  if (token && !c.anonymous) headers.authorization = `Bearer ${token}`;
  const own = ownOrders.get(address);
  const url = own ? c.url.replace(SAMPLE_ORDER_PATH, `/orders/${own}/`) : c.url;
  const res = await fetch(`${node().url}${url}`, { method: c.method, headers, body: change.body ?? c.body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function session(address: string): Promise<string> {
  const res = await fetch(`${node().url}/api/v1/sessions`, { method: "POST", headers: { "x-forwarded-for": address } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const principalOf = (token: string) => `customer:${token.split(".")[1]}`;
const sampleKeyOf = (c: DescribedCase) => c.headers["Idempotency-Key"] ?? decodeURIComponent(c.url.split("/").pop()!.split("?")[0]!);

/** The first execution of the same operation, as documented (`created`). */
function createdCase(c: DescribedCase, operationId = c.operationId): DescribedCase {
  return describedCases(doc).find((other) => other.operationId === operationId && other.name === "created")!;
}

/**
 * Brings about what a case needs to have happened first, runs `run`, and undoes what must not
 * outlive it. Named after the examples: the cases every operation shares as "operation.<name>"
 * (one preparation serves every operation, rest/openapi/create-examples.ts `protocolCases`),
 * the others by operationId; a new example name needs its preparation here.
 */
async function prepared(c: DescribedCase, address: string, token: string, run: () => Promise<Sent>): Promise<Sent> {
  const key = sampleKeyOf(c);
  const create = c.operation ? c : createdCase(c, "createOrder");
  const spend = async (n: number, body?: string) => {
    for (let i = 0; i < n; i++) await send(create, address, token, { key: newKey(), body });
  };
  const expire = () =>
    cluster.sql.query(`update idempotency_record set expires_at = now() - interval '1 minute' where principal = $1 and key = $2`, [principalOf(token), key]);
  // A case about the example's order (a cancellation) acts on an order this session placed.
  if (c.url.includes(SAMPLE_ORDER_PATH) && token) {
    const placed = await send(createdCase(c, "createOrder"), address, token, { key: newKey() });
    expect(placed.status).toBe(201);
    ownOrders.set(address, (JSON.parse(placed.text) as { number: string }).number);
  }
  switch (c.operation ? `operation.${c.name}` : `${c.operationId}.${c.name}`) {
    case "operation.replayed":
    case "operation.keyReused":
    case "getOperation.completed":
      expect((await send(createdCase(create), address, token)).status).toBe(201);
      return run();
    case "getOperation.rejected": {
      const unknownGuide = describedCases(doc).find((o) => o.operationId === "createOrder" && o.name === "guideNotFound")!;
      expect((await send(unknownGuide, address, token)).status).toBe(404);
      return run();
    }
    case "operation.keyExpired":
    case "getOperation.expired":
      expect((await send(createdCase(create), address, token)).status).toBe(201);
      await expire();
      return run();
    case "operation.inProgress": {
      // The first attempt, still running: its claim on the key, not yet committed.
      const holder = new pg.Client({ connectionString: cluster.database.url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query(
          `insert into idempotency_record (principal, operation, key, fingerprint, outcome, expires_at) values ($1, $2, $3, 'v1:held', 'in_progress', now() + interval '1 day')`,
          [principalOf(token), c.operation, key],
        );
        return await run();
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
    }
    case "operation.rateLimited":
      await spend(WRITES_PER_SESSION);
      return run();
    case "operation.replayRateLimited":
      expect((await send(createdCase(create), address, token)).status).toBe(201);
      for (let i = 0; i < WRITES_PER_SESSION * 10; i++) await send(c, address, token);
      return run();
    case "operation.dailyLimitReached":
      await spend(2, JSON.stringify({ item: "sample-guide", quantity: 5 }));
      return run();
    case "operation.alreadyPacked":
      await cluster.sql.query(`update sample_order set status = 'packed' where number = $1`, [Number(ownOrders.get(address)!.slice(3))]);
      return run();
    case "operation.alreadyCancelled":
      expect((await send(createdCase(create), address, token, { key: newKey() })).status).toBe(201);
      return run();
    case "createSession.rateLimited":
      for (let i = 0; i < SESSIONS_PER_ADDRESS; i++) await session(address);
      return run();
    case "operation.internal":
      await cluster.sql.query(`
        create or replace function fail_example() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$;
        create trigger fail_example before update on idempotency_record for each row
          when (new.principal = '${principalOf(token)}') execute function fail_example();`);
      try {
        return await run();
      } finally {
        await cluster.sql.query(`drop trigger fail_example on idempotency_record; drop function fail_example();`);
      }
    case "getOperation.internal":
      await cluster.sql.query(`alter table idempotency_record rename to idempotency_record_away`);
      try {
        return await run();
      } finally {
        await cluster.sql.query(`alter table idempotency_record_away rename to idempotency_record`);
      }
    default:
      return run();
  }
}

describe("the served OpenAPI description", () => {
  it("is the committed description, as 3.1 and as 3.0", async () => {
    const committed = (name: string) => JSON.parse(readFileSync(new URL(`../../packages/client/openapi/${name}`, import.meta.url), "utf8")) as Json;
    expect(doc).toEqual(committed("openapi.json"));
    expect(await (await fetch(`${node().url}/api/v1/openapi-3.0.json`)).json()).toEqual(committed("openapi-3.0.json"));
  });

  it("is rendered at /docs/api with every example, in English and in Chinese", async () => {
    const page = async (lang: string) =>
      (await (await fetch(`${node().url}/docs/api`, { headers: { cookie: `lang=${lang}` } })).text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
    const html = await page("en");
    for (const c of describedCases(doc)) expect.soft(html, `${c.operationId}.${c.name}`).toMatch(new RegExp(`<code[^>]*>${c.name}</code>`));
    expect(html).toContain("/api/v1/openapi-3.0.json");
    expect(html).toContain("On this page");
    expect(await page("zh-CN")).toContain("本页目录");
  });

  it("holds for every example: status, declared headers and body", async () => {
    const cases = describedCases(doc);
    expect(cases.length).toBeGreaterThan(40);
    const mismatches: unknown[] = [];
    for (const c of cases) {
      const address = `203.0.113.${++lastAddress}`;
      const token = c.operationId === "createSession" ? "" : await session(address);
      const payloadTooLarge =
        c.name === "payloadTooLarge" ? JSON.stringify({ ...(JSON.parse(createdCase(c).body!) as Json), padding: "x".repeat(17_000) }) : undefined;
      const answer = await prepared(c, address, token, () => send(c, address, token, { body: payloadTooLarge }));
      const problems: string[] = [];
      if (answer.status !== c.status) problems.push(`status ${answer.status}: ${answer.text.slice(0, 200)}`);
      if (!answer.headers.get("content-type")?.startsWith(c.mediaType)) problems.push(`content-type ${answer.headers.get("content-type")}`);
      for (const [name, { required, pattern }] of Object.entries(c.answerHeaders)) {
        const value = answer.headers.get(name);
        if (value === null ? required : pattern && !pattern.test(value)) problems.push(`header ${name}: ${value}`);
      }
      // A replay says so; a first outcome does not.
      const replayed = answer.headers.get("idempotent-replayed") === "true";
      if (replayed !== (c.name === "replayed")) problems.push(`Idempotent-Replayed: ${replayed}`);
      let body: unknown = undefined;
      try {
        body = JSON.parse(answer.text);
      } catch {
        problems.push(`not JSON: ${answer.text.slice(0, 80)}`);
      }
      try {
        expect(withMintedFrom(body, c.answer)).toEqual(c.answer);
      } catch {
        problems.push(`body ${answer.text}`);
      }
      if (problems.length) mismatches.push({ example: `${c.operationId}.${c.name}`, problems });
    }
    expect(mismatches).toEqual([]);
  });
});
