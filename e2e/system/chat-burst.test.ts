// Issue 26, item 2, on real production nodes: two nodes, each running the notification worker,
// tell stand-in WeCom, DingTalk and Feishu robots (their limits enforced as the platforms do) of
// a burst of inquiries, and one node is killed in the middle of it. Every lead is confirmed
// once (a lost answer is retried with the same key on the surviving node), owned once, and
// reaches every robot in exactly one message (or, if the kill fell between a message's start
// and its request, is shown as "unknown", never sent twice); no robot refuses a message, none
// is throttled, the limits are never passed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busiestWindow, leadNumbersIn, startChatReceivers, type ChatReceivers, type StandInBot } from "@once/notify/testing/chat-receivers";
import type { NodeProcess } from "@once/scripts/cluster/node-process";
import { newKey, newSession, post, startCluster, type Cluster } from "./cluster-fixture.ts";
import { waitUntil } from "./wait-until.ts";

const BURST = 90;
const SALES = ["a", "b", "c", "d", "e"].map((letter) => `chat-sales-${letter}`);

let receivers: ChatReceivers;
let bots: StandInBot[];
let cluster: Cluster;
beforeAll(async () => {
  receivers = await startChatReceivers();
  const [wecom, dingtalk, feishu] = (bots = [receivers.bot("wecom"), receivers.bot("dingtalk"), receivers.bot("feishu")]);
  cluster = await startCluster({
    label: "chat_burst",
    basePort: 3520,
    nodes: 2,
    env: {
      NOTIFY_CHAT_STAND_INS: "1",
      NOTIFY_WECOM_URL: wecom!.url,
      NOTIFY_DINGTALK_URL: dingtalk!.url,
      NOTIFY_DINGTALK_SECRET: dingtalk!.secret!,
      NOTIFY_FEISHU_URL: feishu!.url,
      NOTIFY_FEISHU_SECRET: feishu!.secret!,
    },
  });
  for (const id of SALES) {
    await cluster.sql.query(`insert into staff_user (id, name, email, role, updated_at) values ($1, $1, $2, 'sales', now())`, [id, `${id}@example.com`]);
  }
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await receivers?.close();
});

/** Sends one inquiry until it is confirmed: an answer lost with a killed node is asked again, same key, on the other. */
async function inquire(nodes: NodeProcess[], first: number, token: string, i: number): Promise<string> {
  const key = newKey();
  const body = { name: `Chat ${i}`, phone: `+86131${String(10000000 + i)}`, content: `chat burst inquiry ${i}` };
  for (let attempt = 0; attempt < 20; attempt++) {
    const node = nodes[(first + attempt) % nodes.length]!;
    const reply = await post(node, "/api/v1/leads", { token, key, body }).catch(() => null);
    if (reply?.status === 201) return reply.body.number as string;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`inquiry ${i} was never confirmed`);
}

describe("group chats under a burst on two nodes, one killed", () => {
  it("every lead owned once and in exactly one message per robot; no refusal, no limit passed", async () => {
    const nodes = [...cluster.nodes];
    const token = await newSession(nodes[0]!);
    const start = Date.now();
    const burst = Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        await new Promise((r) => setTimeout(r, start + (i * 4_000) / BURST - Date.now()));
        return inquire(nodes, i % 2, token, i);
      }),
    );
    // Half-way through, the second node dies (its worker may hold a channel's lease, or be mid-send).
    await new Promise((r) => setTimeout(r, 2_000));
    await nodes[1]!.stop("SIGKILL");
    const numbers = (await burst).sort();
    expect(new Set(numbers).size).toBe(BURST);

    // Owned once each, balanced.
    const { rows: owners } = await cluster.sql.query<{ assignee_id: string; n: number }>(
      `select assignee_id, count(*)::int as n from lead where content like 'chat burst inquiry %' group by 1`,
    );
    const counts = SALES.map((id) => owners.find((o) => o.assignee_id === id)?.n ?? 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(BURST);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);

    // Leads in messages that never got their answer recorded (the killed node's): unknown, not resent.
    const unknownOf = async (platform: string) =>
      (
        await cluster.sql.query<{ number: number }>(
          `select l.number from chat_item i join chat_message m on m.id = i.message_id join chat_channel c on c.id = i.channel_id
           join lead l on l.id = i.lead_id where c.platform = $1 and m.status in ('unknown', 'sending')`,
          [platform],
        )
      ).rows.map((r) => `LD-${String(r.number).padStart(6, "0")}`);
    for (const bot of bots) {
      await waitUntil(
        `every lead on ${bot.platform}`,
        async () => {
          const arrived = new Set(leadNumbersIn(bot));
          const unknown = new Set(await unknownOf(bot.platform));
          return numbers.every((n) => arrived.has(n) || unknown.has(n));
        },
        90_000,
        250,
      );
    }
    for (const bot of bots) {
      const mine = leadNumbersIn(bot).filter((n) => numbers.includes(n));
      expect(mine.length, `${bot.platform}: no lead twice`).toBe(new Set(mine).size);
      expect(bot.refusals, `${bot.platform}: no refusal`).toEqual([]);
      expect(bot.throttledUntil, `${bot.platform}: never throttled`).toBe(0);
    }
    const [wecom, dingtalk, feishu] = bots as [StandInBot, StandInBot, StandInBot];
    expect(busiestWindow(wecom, 60_000)).toBeLessThanOrEqual(20);
    expect(busiestWindow(dingtalk, 60_000)).toBeLessThanOrEqual(20);
    expect(busiestWindow(feishu, 60_000)).toBeLessThanOrEqual(100);
    expect(busiestWindow(feishu, 1_000)).toBeLessThanOrEqual(5);
  }, 180_000);
});
