// Load through a database outage, shared by the tests that break the database under traffic
// (ha-failover.test.ts: a PostgreSQL failover; pooler.test.ts: PgBouncer, a killed node and a
// restarted PostgreSQL): clients that retry each key until a definitive answer, what they saw,
// a webhook that records every delivery, the live dashboard's event stream, and the check that
// every acknowledged key has exactly one result in the database.
import http from "node:http";
import type net from "node:net";
import type pg from "pg";
import { expect } from "vitest";
import type { NodeProcess } from "@once/scripts/cluster/node-process";
import { getOperation, newKey, newSession, post } from "./cluster-fixture.ts";
import { troubleIn } from "./fleet-fixture.ts";
import { waitUntil } from "./wait-until.ts";

export const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export interface Outcome {
  kind: "order" | "lead";
  key: string;
  token: string;
  status: number;
  id: string;
}

/** The test webhook: answers 200 and keeps, per delivery id (webhook-id), the lead it announced. */
export async function leadReceiver() {
  const bodies = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.set(String(req.headers["webhook-id"]), JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  /** Each lead id announced, with the delivery ids it came under. */
  const deliveredLeads = () => {
    const byLead = new Map<string, Set<string>>();
    for (const [deliveryId, body] of bodies) {
      const leadId = (body as { lead?: { id?: string } }).lead?.id;
      if (leadId) byLead.set(leadId, (byLead.get(leadId) ?? new Set()).add(deliveryId));
    }
    return byLead;
  };
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/leads`,
    bodies,
    deliveredLeads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LeadReceiver = Awaited<ReturnType<typeof leadReceiver>>;

/** Signs a staff member in on `node` and returns the session's cookie header. */
export async function signInStaff(node: NodeProcess, staff: { email: string; password: string }): Promise<string> {
  const signIn = await fetch(`${node.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: node.url },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The live dashboard's event stream (SSE) on `node`, as one growing text. */
export function leadEvents(node: NodeProcess, cookie: string): { text: () => string; close: () => void } {
  const abort = new AbortController();
  let text = "";
  void fetch(`${node.url}/api/trpc/dashboard.leads.onCreated`, { headers: { cookie, accept: "text/event-stream" }, signal: abort.signal })
    .then(async (res) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true });
    })
    .catch(() => undefined);
  return { text: () => text, close: () => abort.abort() };
}

/** The dashboard's lead list (the first 100), as the text of its answer. */
export async function dashboardLeadIds(node: NodeProcess, cookie: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { limit: 100 } }));
  const res = await fetch(`${node.url}/api/trpc/dashboard.leads.list?input=${input}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

const RETRYABLE = new Set([409, 503]);

/**
 * Clients' view of a run: every answer by status, every success's time, every definitive
 * outcome, and anything a client should never see. `untilDefinitive` sends one operation under
 * one key until the answer is definitive (2xx or a non-retryable 4xx), retrying 409 and 503 (and
 * a refused connection: the node it chose may be the one killed) every 250 ms.
 */
export function outageLoad() {
  const seen = { statuses: new Map<number | string, number>(), successAt: [] as number[], outcomes: [] as Outcome[], unexpected: [] as string[] };
  async function untilDefinitive(node: () => NodeProcess, kind: Outcome["kind"], token: string, body: object): Promise<void> {
    const key = newKey();
    for (let attempt = 0; attempt < 400; attempt++) {
      let status: number | string;
      let reply: Awaited<ReturnType<typeof post>> | null = null;
      try {
        reply = await post(node(), kind === "order" ? "/api/v1/orders" : "/api/v1/leads", { token, key, body });
        status = reply.status;
      } catch {
        status = "network";
      }
      seen.statuses.set(status, (seen.statuses.get(status) ?? 0) + 1);
      if (reply && reply.status < 300) {
        seen.successAt.push(Date.now());
        seen.outcomes.push({ kind, key, token, status: reply.status, id: String(reply.body.id) });
        return;
      }
      if (reply && RETRYABLE.has(reply.status)) {
        if (reply.status === 503 && !reply.headers.get("retry-after")) seen.unexpected.push(`503 without Retry-After: ${reply.text}`);
        if (reply.status === 503 && reply.body.retryable !== true) seen.unexpected.push(`503 not retryable: ${reply.text}`);
      } else if (reply && reply.status === 422 && reply.body.code === "OUT_OF_STOCK") {
        return; // a stored business outcome: definitive, and no order
      } else if (reply) {
        seen.unexpected.push(`${reply.status}: ${reply.text.slice(0, 300)}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    seen.unexpected.push(`${kind} ${key}: no definitive answer after 400 attempts`);
  }
  /**
   * One client per token, each ordering and sending inquiries in turn, every operation under
   * its own key until definitive, until `stop()`, which resolves once every client finished its
   * operation under way. `pick(i, n)` is the node client i sends its n-th operation to, asked
   * afresh at each attempt, so a key whose node went away is retried on another.
   */
  function clients(tokens: string[], pick: (client: number, operation: number) => NodeProcess) {
    let running = true;
    const done = tokens.map(async (token, i) => {
      for (let n = 0; running; n++) {
        const node = () => pick(i, n);
        if (n % 2 === 0) await untilDefinitive(node, "order", token, { item: "sample-guide", quantity: 1 });
        else
          await untilDefinitive(node, "lead", token, {
            name: `Client ${i}`,
            phone: `1380000${String(i).padStart(4, "0")}`,
            content: `Inquiry ${n} of client ${i}`,
          });
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(done);
      },
    };
  }
  return { seen, untilDefinitive, clients };
}

/** Every acknowledged order and lead is in the database once, under its key, and no key has two records. */
export async function expectEachAcknowledgedOnce(sql: pg.Pool, outcomes: Outcome[]): Promise<void> {
  const orderIds = outcomes.filter((o) => o.kind === "order").map((o) => o.id);
  const leadIds = outcomes.filter((o) => o.kind === "lead").map((o) => o.id);
  const { rows: orders } = await sql.query<{ id: string; operation_key: string }>(`select id, operation_key from sample_order`);
  const { rows: leads } = await sql.query<{ id: string; operation_key: string }>(`select id, operation_key from lead`);
  expect(orders.map((r) => r.id).sort()).toEqual([...orderIds].sort()); // no lost order, no extra one
  expect(leads.map((r) => r.id).sort()).toEqual([...leadIds].sort());
  const keyOf = new Map([...orders, ...leads].map((r) => [r.id, r.operation_key]));
  for (const o of outcomes) expect(keyOf.get(o.id)).toBe(o.key);
  const { rows: records } = await sql.query<{ n: number }>(
    `select count(*)::int as n from idempotency_record group by principal, operation, key having count(*) > 1`,
  );
  expect(records).toEqual([]);
}

/** A sample of the outcomes (every `every`-th) is found by its key through the API of the given nodes, in turn. */
export async function expectFoundByKey(nodes: NodeProcess[], outcomes: Outcome[], every = 7): Promise<void> {
  for (const [i, o] of outcomes.filter((_, i) => i % every === 0).entries()) {
    const found = await getOperation(nodes[i % nodes.length]!, o.token, o.key, o.kind);
    expect(found.status, found.text).toBe(200);
    expect(found.text).toContain(o.id);
  }
}

/** Waits (up to `timeoutMs`) for every lead to reach the webhook; then each came under exactly one delivery id. */
export async function expectEachLeadDeliveredOnce(receiver: LeadReceiver, leadIds: string[], timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (receiver.deliveredLeads().size < leadIds.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const byLead = receiver.deliveredLeads();
  expect(leadIds.filter((id) => !byLead.has(id))).toEqual([]);
  expect([...byLead.values()].filter((ids) => ids.size !== 1)).toEqual([]);
}

/**
 * Sends leads through `node` (one a second) until one of them is announced on `events`: the
 * LISTEN connection is back. Returns that lead's id. (A lead committed while it was down is not
 * announced: NOTIFY is not replayed.)
 */
export async function leadAnnouncedLive(node: NodeProcess, token: string, events: { text: () => string }, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (let n = 0; ; n++) {
    const late = await post(node, "/api/v1/leads", {
      token,
      key: newKey(),
      body: { name: "After", phone: "13900000001", content: `After the outage ${n}` },
    });
    expect(late.status).toBe(201);
    const id = String(late.body.id);
    const announced = await waitUntil("the lead announced", () => events.text().includes(id), 1_500).then(
      () => true,
      () => false,
    );
    if (announced) return id;
    if (Date.now() > until) throw new Error(`no lead announced live within ${timeoutMs} ms (last: ${id})`);
  }
}

/**
 * What every outage test checks at its end: each acknowledged result is in the database once,
 * under its key, and found by it through `nodes`; every lead reached the webhook once; the live
 * list of `listNode` hears a lead sent after the outage (its LISTEN came back by itself) and its
 * lead list shows it; and no node logged trouble beyond the outage's expected warnings.
 */
export async function expectNothingLostOrDoubled(check: {
  sql: pg.Pool;
  nodes: NodeProcess[];
  outcomes: Outcome[];
  receiver: LeadReceiver;
  events: { text: () => string; close: () => void };
  listNode: NodeProcess;
  staffCookie: string;
}): Promise<void> {
  const { sql, nodes, outcomes, receiver, events, listNode, staffCookie } = check;
  await expectEachAcknowledgedOnce(sql, outcomes);
  await expectFoundByKey(nodes, outcomes);
  await expectEachLeadDeliveredOnce(
    receiver,
    outcomes.filter((o) => o.kind === "lead").map((o) => o.id),
  );
  const lateId = await leadAnnouncedLive(nodes[1]!, await newSession(nodes[1]!), events);
  events.close();
  expect(await dashboardLeadIds(listNode, staffCookie)).toContain(lateId);
  // On failure, the lines before each one say which part of the node it came from.
  for (const node of nodes) expect(troubleIn(node.output()), troubleContext(node.output())).toEqual([]);
}

/** Each trouble line of `output` with the five lines before it. */
function troubleContext(output: string): string {
  const lines = output.split("\n");
  return lines.flatMap((line, i) => (troubleIn(line).length ? [lines.slice(Math.max(0, i - 5), i + 3).join("\n")] : [])).join("\n---\n");
}
