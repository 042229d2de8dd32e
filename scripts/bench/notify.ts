// `pnpm bench:notify`: how soon sales hear of a burst of leads. Two production nodes behind
// nginx (the cluster script's pieces) on a fresh PostgreSQL database, a local webhook receiver
// (signatures verified, each delivery id processed once); 150 inquiries sent in 6 s through the
// REST API. Per lead: from the customer's confirmation (the 201 arriving) to the receiver's
// acknowledgement of its delivery (the 200 it answers). Twice: a healthy receiver (target
// p95 ≤ 3 s), then one that fails 35 % of first attempts (target p95 ≤ 15 s). Checks that every
// lead was delivered under exactly one delivery id. Needs `pnpm build` (the root script runs it).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { createTestDatabase } from "@once/db/testing";
import { startWebhookReceiver, type Behaviour } from "@once/notify/testing/webhook-receiver";
import { startNginx } from "../cluster/nginx.ts";
import { startNode, type NodeProcess } from "../cluster/node-process.ts";
import { percentile } from "./load.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "150" },
    seconds: { type: "string", default: "6" },
    port: { type: "string", default: "8190" },
    "fail-rate": { type: "string", default: "0.35" },
  },
});
const leadCount = Number(values.leads);
const burstMs = Number(values.seconds) * 1000;
const port = Number(values.port);
const failRate = Number(values["fail-rate"]);

type Scenario = { name: string; target: number; firstAttempt: () => Behaviour };

const secret = `whsec_${randomBytes(32).toString("base64")}`;
// The receiver's fate for each attempt comes from the scenario under way; it records when it
// acknowledged each delivery id (the first 200 it answered).
let scenario: Scenario = { name: "", target: 0, firstAttempt: () => "ok" };
const ackedAt = new Map<string, number>();

// Everything started after the database is inside the try below, so whatever fails to start
// leaves nothing behind: the receiver, each node that did start, nginx, the database.
const database = await createTestDatabase("benchnotify");
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
let receiver: Receiver | undefined;
const nodes: NodeProcess[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;

async function sendBurst(origin: string, count = leadCount, spreadMs = burstMs): Promise<Map<string, number>> {
  // A few customers, as a burst from a campaign would bring; each inquiry is its own operation.
  const tokens = await Promise.all(
    Array.from({ length: 10 }, async () => ((await (await fetch(`${origin}/api/v1/sessions`, { method: "POST" })).json()) as { token: string }).token),
  );
  const confirmedAt = new Map<string, number>(); // lead id → when its 201 arrived
  const start = Date.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await new Promise((r) => setTimeout(r, start + (i * spreadMs) / count - Date.now()));
      const key = crypto.randomUUID();
      const body = JSON.stringify({ name: `Burst ${i}`, phone: `+86${13100000000 + i}`, content: "Please send the price list for 200 copies." });
      for (;;) {
        const res = await fetch(`${origin}/api/v1/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}`, "idempotency-key": key },
          body,
        });
        if (res.status === 201) {
          const { id } = (await res.json()) as { id: string };
          confirmedAt.set(id, Date.now());
          return;
        }
        await res.body?.cancel();
        if (res.status < 500 && res.status !== 409 && res.status !== 429) throw new Error(`lead ${i}: HTTP ${res.status}`);
        await new Promise((r) => setTimeout(r, 200)); // the same key again, as the client would
      }
    }),
  );
  return confirmedAt;
}

async function run(
  sql: pg.Client,
  origin: string,
  receiver: Receiver,
  current: Scenario,
  burst: { count: number; spreadMs: number } = { count: leadCount, spreadMs: burstMs },
) {
  scenario = current;
  const confirmedAt = await sendBurst(origin, burst.count, burst.spreadMs);
  const leadIds = [...confirmedAt.keys()];
  // The webhook deliveries of this burst's leads, from the outbox.
  const deliveryOf = async () =>
    (
      await sql.query<{ id: string; lead_id: string }>(
        `select id, lead_id from notification_delivery where channel = 'webhook' and lead_id = any($1::uuid[])`,
        [leadIds],
      )
    ).rows;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && (await deliveryOf()).some((d) => !ackedAt.has(d.id))) await new Promise((r) => setTimeout(r, 250));
  const deliveries = await deliveryOf();
  // Exactly one delivery id per lead: one outbox row each, and the receiver saw only that id
  // for the lead (whatever the retries).
  const idsPerLead = new Map<string, Set<string>>();
  for (const [deliveryId, body] of receiver.bodies) {
    const leadId = (body as { lead: { id: string } }).lead.id;
    if (confirmedAt.has(leadId)) idsPerLead.set(leadId, (idsPerLead.get(leadId) ?? new Set()).add(deliveryId));
  }
  const oneIdEach = deliveries.length === leadIds.length && leadIds.every((id) => idsPerLead.get(id)?.size === 1);
  const latencies = deliveries.filter((d) => ackedAt.has(d.id)).map((d) => (ackedAt.get(d.id)! - confirmedAt.get(d.lead_id)!) / 1000);
  latencies.sort((a, b) => a - b);
  const failedFirst = deliveries.filter((d) => (receiver.received.get(d.id) ?? 0) > 1).length;
  return {
    scenario: current.name,
    leads: leadIds.length,
    acknowledged: latencies.length,
    firstAttemptsFailed: failedFirst,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1)!,
    target: current.target,
    oneDeliveryIdPerLead: oneIdEach,
  };
}

const results: Awaited<ReturnType<typeof run>>[] = [];
try {
  receiver = await startWebhookReceiver(secret, (deliveryId, attempt) => {
    const behaviour = attempt === 1 ? scenario.firstAttempt() : "ok";
    if (behaviour === "ok" && !ackedAt.has(deliveryId)) ackedAt.set(deliveryId, Date.now());
    return behaviour;
  });
  const env = {
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: secret,
    TRUSTED_PROXIES: "loopback",
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
    RATE_LIMIT_SESSIONS_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
  };
  // Started side by side; a node that did start is kept for the tear-down even if the other failed.
  const started = await Promise.allSettled([1, 2].map((i) => startNode({ port: port + i, databaseUrl: database.url, env, seed: true })));
  for (const node of started) if (node.status === "fulfilled") nodes.push(node.value);
  const failedStart = started.find((node) => node.status === "rejected");
  if (failedStart) throw failedStart.reason;
  nginx = await startNginx({ port, upstreamPorts: nodes.map((n) => n.port) });
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    // Not measured: the nodes' first requests load their route modules and connections.
    await run(sql, nginx.url, receiver, { name: "warm-up", target: 0, firstAttempt: () => "ok" }, { count: 10, spreadMs: 1_000 });
    results.push(await run(sql, nginx.url, receiver, { name: "healthy receiver", target: 3, firstAttempt: () => "ok" }));
    results.push(
      await run(sql, nginx.url, receiver, {
        name: `receiver failing ${Math.round(failRate * 100)} % of first attempts`,
        target: 15,
        firstAttempt: () => (Math.random() < failRate ? "fail" : "ok"),
      }),
    );
  } finally {
    await sql.end();
  }
} finally {
  await tearDown(
    () => nginx?.stop(),
    () => Promise.all(nodes.map((n) => n.stop("SIGTERM"))),
    () => receiver?.close(),
    () => database.drop(),
  );
}

console.log(`\n${leadCount} inquiries in ${burstMs / 1000} s, 2 nodes behind nginx, confirmation → receiver's acknowledgement (s):\n`);
console.log("| scenario | leads | first attempts failed | p50 s | p95 s | max s | target p95 | one delivery id per lead |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const met = r.acknowledged === r.leads && r.p95 <= r.target ? "met" : "missed";
  console.log(
    `| ${r.scenario} | ${r.acknowledged}/${r.leads} | ${r.firstAttemptsFailed} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} | ≤ ${r.target} (${met}) | ${r.oneDeliveryIdPerLead ? "yes" : "NO"} |`,
  );
}
if (results.some((r) => !r.oneDeliveryIdPerLead || r.acknowledged !== r.leads)) process.exitCode = 1;
