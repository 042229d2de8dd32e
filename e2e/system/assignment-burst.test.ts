// Issue 26, item 1, on real production nodes: a burst of inquiries spread over two nodes gives
// every lead exactly one owner in the transaction that creates it, the five sales people within
// one lead of each other (the round-robin's turn row is shared by both nodes), and a follow-up
// from the same phone sent to the other node goes to the first lead's owner. The burst's 150
// requests arrive at once, more than the two nodes' pools hold: one that waited past the pool's
// limit is answered 503 with Retry-After, which the sender honours with the same key, as the
// contract's clients do; each inquiry is still one lead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeProcess } from "@once/scripts/cluster/node-process";
import { newKey, newSession, post, startCluster, type Cluster, type Reply } from "./cluster-fixture.ts";

const BURST = 150;
const SALES = ["a", "b", "c", "d", "e"].map((letter) => ({ id: `burst-sales-${letter}`, name: `Sales ${letter.toUpperCase()}` }));

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ label: "assignment_burst", basePort: 3495, nodes: 2 });
  // Round-robin takes turns among the sales people only (the seeded admin is not one of them).
  for (const person of SALES) {
    await cluster.sql.query(`insert into staff_user (id, name, email, role, updated_at) values ($1, $2, $3, 'sales', now())`, [
      person.id,
      person.name,
      `${person.id}@example.com`,
    ]);
  }
});
afterAll(() => cluster?.stop());

const inquiry = (i: number) => ({ name: `Burst ${i}`, phone: `+4420${String(70000000 + i)}`, content: `burst inquiry ${i}` });

/** Sends one inquiry as a contract client does: a retryable 503 is sent again, same key, after its Retry-After. */
async function send(node: NodeProcess, token: string, i: number, busy: { count: number }): Promise<Reply> {
  const key = newKey();
  for (;;) {
    const reply = await post(node, "/api/v1/leads", { token, key, body: inquiry(i) });
    if (reply.status !== 503 || busy.count > BURST * 3) return reply;
    busy.count++;
    await new Promise((r) => setTimeout(r, Number(reply.headers.get("retry-after") ?? 1) * 1000));
  }
}

describe("assignment under a burst on two nodes", () => {
  it("assigns every lead once, balanced within one lead across equals", async () => {
    const tokens = await Promise.all(cluster.nodes.map((node) => newSession(node)));
    const busy = { count: 0 };
    const replies = await Promise.all(Array.from({ length: BURST }, (_, i) => send(cluster.nodes[i % 2]!, tokens[i % 2]!, i, busy)));
    expect(replies.map((r) => r.status)).toEqual(Array(BURST).fill(201));
    console.info(`assignment burst: ${busy.count} answers were 503 (retried with the same key)`);

    const { rows } = await cluster.sql.query<{ assignee_id: string | null; arrival_assignment: string | null; n: string }>(
      `select assignee_id, arrival_assignment, count(*) as n from lead where content like 'burst inquiry %' group by 1, 2`,
    );
    expect(rows.every((r) => r.arrival_assignment === "round_robin" && SALES.some((s) => s.id === r.assignee_id))).toBe(true);
    const counts = SALES.map((s) => Number(rows.find((r) => r.assignee_id === s.id)?.n ?? 0));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(BURST); // one lead per inquiry, retried or not
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it("sends a follow-up from the same phone, on the other node, to the first lead's owner", async () => {
    const [first, second] = cluster.nodes;
    const body = { name: "Follow Up", phone: "+442079460000", content: "first question" };
    const created = await post(first!, "/api/v1/leads", { token: await newSession(first!), key: newKey(), body });
    expect(created.status).toBe(201);
    const followUp = await post(second!, "/api/v1/leads", { token: await newSession(second!), key: newKey(), body: { ...body, content: "one more thing" } });
    expect(followUp.status).toBe(201);
    const { rows } = await cluster.sql.query<{ number: number; assignee_id: string; arrival_assignment: string; possible_duplicate: boolean }>(
      `select number, assignee_id, arrival_assignment, possible_duplicate from lead where phone = '+442079460000' order by number`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ assignee_id: rows[0]!.assignee_id, arrival_assignment: "follow_up", possible_duplicate: true });
  });
});
