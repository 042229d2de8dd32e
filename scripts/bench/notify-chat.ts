// `pnpm bench:notify`, second half (issue 26): 150 inquiries in 6 s through nginx to two
// production nodes, five sales people, and stand-in WeCom, DingTalk and Feishu robots enforcing
// their platforms' limits (packages/notify/src/testing/chat-receivers.ts). Per lead: from the
// customer's confirmation (the 201 arriving) to the first chat message naming it (on any robot),
// and per robot. Checks every lead reached every robot in exactly one message, no robot refused
// or throttled a message, and the owners are within one lead of each other. Twice: healthy, then
// with one node killed (SIGKILL) half-way through the burst, on a fresh database and robots.
import { parseArgs } from "node:util";
import pg from "pg";
import { createTestDatabase } from "@once/db/testing";
import { busiestWindow, firstArrivals, leadNumbersIn, startChatReceivers, type ChatReceivers, type StandInBot } from "@once/notify/testing/chat-receivers";
import { startNginx } from "../cluster/nginx.ts";
import { startNode, type NodeProcess } from "../cluster/node-process.ts";
import { percentile } from "./load.ts";
import { tearDown } from "./tear-down.ts";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "150" },
    seconds: { type: "string", default: "6" },
    port: { type: "string", default: "8290" },
  },
});
const leadCount = Number(values.leads);
const burstMs = Number(values.seconds) * 1000;
const basePort = Number(values.port);
const TARGET_P95_S = 5;
const SALES = ["a", "b", "c", "d", "e"].map((letter) => `bench-sales-${letter}`);

interface Outcome {
  scenario: string;
  confirmed: number;
  p50: number;
  p95: number;
  max: number;
  perBot: {
    platform: string;
    messages: number;
    digests: number;
    everyLeadOnce: boolean;
    refusals: number;
    throttled: boolean;
    busiestMinute: number;
    p95: number;
  }[];
  ownersSpread: number;
}

/** Sends one inquiry until it is confirmed (same key, the next node on a lost answer); answers its number and when. */
async function inquire(origins: string[], token: string, i: number): Promise<{ number: string; at: number }> {
  const key = crypto.randomUUID();
  const body = JSON.stringify({ name: `Bench ${i}`, phone: `+86132${String(10000000 + i)}`, content: "Please send the price list for 200 copies." });
  for (let attempt = 0; attempt < 50; attempt++) {
    const origin = origins[(i + attempt) % origins.length]!;
    const res = await fetch(`${origin}/api/v1/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
      body,
    }).catch(() => null);
    if (res?.status === 201) return { number: ((await res.json()) as { number: string }).number, at: Date.now() };
    await res?.body?.cancel();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`inquiry ${i} was never confirmed`);
}

async function scenario(name: string, portOffset: number, killMidBurst: boolean): Promise<Outcome> {
  const database = await createTestDatabase("benchchat");
  let receivers: ChatReceivers | undefined;
  const nodes: NodeProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const sql = new pg.Client({ connectionString: database.url });
  try {
    receivers = await startChatReceivers();
    const bots: StandInBot[] = [receivers.bot("wecom"), receivers.bot("dingtalk"), receivers.bot("feishu")];
    const [wecom, dingtalk, feishu] = bots as [StandInBot, StandInBot, StandInBot];
    const env = {
      NOTIFY_CHAT_STAND_INS: "1",
      NOTIFY_WECOM_URL: wecom.url,
      NOTIFY_DINGTALK_URL: dingtalk.url,
      NOTIFY_DINGTALK_SECRET: dingtalk.secret!,
      NOTIFY_FEISHU_URL: feishu.url,
      NOTIFY_FEISHU_SECRET: feishu.secret!,
      TRUSTED_PROXIES: "loopback",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
      RATE_LIMIT_SESSIONS_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
    };
    const port = basePort + portOffset;
    const started = await Promise.allSettled([1, 2].map((i) => startNode({ port: port + i, databaseUrl: database.url, env, seed: i === 1 })));
    for (const node of started) if (node.status === "fulfilled") nodes.push(node.value);
    const failedStart = started.find((node) => node.status === "rejected");
    if (failedStart) throw failedStart.reason;
    nginx = await startNginx({ port, upstreamPorts: nodes.map((n) => n.port) });
    await sql.connect();
    for (const id of SALES)
      await sql.query(`insert into staff_user (id, name, email, role, updated_at) values ($1, $1, $2, 'sales', now())`, [id, `${id}@example.com`]);

    const token = ((await (await fetch(`${nginx.url}/api/v1/sessions`, { method: "POST" })).json()) as { token: string }).token;
    const origins = [nginx.url];
    const start = Date.now();
    const burst = Promise.all(
      Array.from({ length: leadCount }, async (_, i) => {
        await new Promise((r) => setTimeout(r, start + (i * burstMs) / leadCount - Date.now()));
        return inquire(origins, token, i);
      }),
    );
    if (killMidBurst) {
      await new Promise((r) => setTimeout(r, burstMs / 2));
      await nodes[1]!.stop("SIGKILL");
    }
    const confirmed = await burst;
    const numbers = confirmed.map((c) => c.number);
    // Every lead on every robot (or in an unanswered message of the killed node), up to two minutes.
    const deadline = Date.now() + 120_000;
    const unknown = async () =>
      new Set(
        (
          await sql.query<{ platform: string; number: number }>(
            `select c.platform::text as platform, l.number from chat_item i join chat_message m on m.id = i.message_id
             join chat_channel c on c.id = i.channel_id join lead l on l.id = i.lead_id where m.status in ('unknown', 'sending')`,
          )
        ).rows.map((r) => `${r.platform}:LD-${String(r.number).padStart(6, "0")}`),
      );
    const allThere = async () => {
      const lost = await unknown();
      return bots.every((bot) => {
        const arrived = new Set(leadNumbersIn(bot));
        return numbers.every((n) => arrived.has(n) || lost.has(`${bot.platform}:${n}`));
      });
    };
    while (Date.now() < deadline && !(await allThere())) await new Promise((r) => setTimeout(r, 250));

    const confirmedAt = new Map(confirmed.map((c) => [c.number, c.at]));
    const arrivals = bots.map((bot) => firstArrivals(bot));
    const seconds = (list: number[]) => list.sort((a, b) => a - b);
    const firstAny = seconds(numbers.map((n) => (Math.min(...arrivals.map((a) => a.get(n) ?? Infinity)) - confirmedAt.get(n)!) / 1000));
    const { rows: owners } = await sql.query<{ n: number }>(`select count(*)::int as n from lead group by assignee_id`);
    const ownerCounts = SALES.length === owners.length ? owners.map((o) => o.n) : [0, leadCount];
    return {
      scenario: name,
      confirmed: numbers.length,
      p50: percentile(firstAny, 50),
      p95: percentile(firstAny, 95),
      max: firstAny.at(-1)!,
      perBot: bots.map((bot, i) => {
        const mine = leadNumbersIn(bot).filter((n) => confirmedAt.has(n));
        const own = seconds(numbers.map((n) => ((arrivals[i]!.get(n) ?? Infinity) - confirmedAt.get(n)!) / 1000));
        return {
          platform: bot.platform,
          messages: bot.received.length,
          digests: bot.received.filter((m) => (m.text.match(/^• /gm) ?? []).length > 1).length,
          everyLeadOnce: mine.length === numbers.length && new Set(mine).size === numbers.length,
          refusals: bot.refusals.length,
          throttled: bot.throttledUntil > 0,
          busiestMinute: busiestWindow(bot, 60_000),
          p95: percentile(own, 95),
        };
      }),
      ownersSpread: Math.max(...ownerCounts) - Math.min(...ownerCounts),
    };
  } finally {
    await tearDown(
      () => nginx?.stop(),
      () => Promise.all(nodes.map((n) => n.stop("SIGTERM"))),
      () => sql.end(),
      () => receivers?.close(),
      () => database.drop(),
    );
  }
}

const results = [await scenario("healthy", 0, false), await scenario("one node killed mid-burst", 10, true)];

console.log(`\n${leadCount} inquiries in ${burstMs / 1000} s, 2 nodes behind nginx, 5 sales people, stand-in WeCom, DingTalk and Feishu robots:\n`);
console.log("| scenario | confirmed | confirmation → first chat message p50 / p95 / max s | target p95 | owners spread |");
console.log("|---|---|---|---|---|");
for (const [i, r] of results.entries()) {
  // The latency target is the healthy run's; with a node killed, what counts is that every lead still arrives once.
  const target = i === 0 ? `≤ ${TARGET_P95_S} (${r.p95 <= TARGET_P95_S ? "met" : "missed"})` : "none (every lead once)";
  console.log(`| ${r.scenario} | ${r.confirmed} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} / ${r.max.toFixed(2)} | ${target} | ${r.ownersSpread} |`);
}
console.log("\n| scenario | robot | messages | digests | busiest minute | every lead exactly once | refusals | throttled | p95 s on this robot |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  for (const b of r.perBot) {
    console.log(
      `| ${r.scenario} | ${b.platform} | ${b.messages} | ${b.digests} | ${b.busiestMinute} | ${b.everyLeadOnce ? "yes" : "NO"} | ${b.refusals} | ${b.throttled ? "YES" : "no"} | ${b.p95.toFixed(2)} |`,
    );
  }
}
const healthy = results[0]!;
if (healthy.perBot.some((b) => !b.everyLeadOnce || b.refusals > 0 || b.throttled) || healthy.ownersSpread > 1 || healthy.p95 > TARGET_P95_S)
  process.exitCode = 1;
if (results.some((r) => r.perBot.some((b) => b.refusals > 0 || b.throttled))) process.exitCode = 1;
