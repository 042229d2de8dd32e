// The web app (tRPC) and outside clients (REST) get the same answers to the same cases,
// because both run the same operations through the same runOnce. Also: through nginx, in
// front of two nodes, one key still makes one record.
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@once/api/client";
import { SESSION_COOKIE } from "@once/api/session";
import { startNginx, type NginxProcess } from "@once/scripts/cluster/nginx";
import { count, newKey, newSession, post, startCluster, type Cluster } from "./cluster-fixture.ts";

let cluster: Cluster;
let nginx: NginxProcess;
beforeAll(async () => {
  cluster = await startCluster({ label: "parity", basePort: 3230 });
  nginx = await startNginx({ port: 3230, upstreamPorts: cluster.nodes.map((n) => n.port) });
});
afterAll(async () => {
  await nginx?.stop();
  await cluster?.stop();
});

function trpcFor(url: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${url}/api/trpc`, transformer: superjson, headers: { cookie: `${SESSION_COOKIE}=${token}` } })],
  });
}

type ProtocolData = { code: string; status: number; replayed?: boolean; boundTo?: unknown };
async function trpcOutcome(run: () => Promise<{ status: number; result: unknown; replayed: boolean }>) {
  try {
    const r = await run();
    return { status: r.status, code: undefined, replayed: r.replayed, body: r.result as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error.data as { protocol?: ProtocolData }).protocol!;
    return { status: data.status, code: data.code, replayed: data.replayed ?? false, body: data as Record<string, unknown> };
  }
}

describe("REST and tRPC agree", () => {
  it("on first execution, replay, conflict, rejection, validation and missing session", async () => {
    const token = await newSession(cluster.nodes[0]!);
    const trpc = trpcFor(cluster.nodes[1]!.url, token);
    const order = { item: "sample-guide", quantity: 1 };

    const cases = [
      { name: "first", body: order, key: newKey() },
      { name: "rejection", body: { item: "no-such-guide", quantity: 1 }, key: newKey() },
    ];
    for (const c of cases) {
      const viaRest = await post(cluster.nodes[0]!, "/api/v1/orders", { token, key: c.key, body: c.body });
      const restReplay = await post(cluster.nodes[0]!, "/api/v1/orders", { token, key: c.key, body: c.body });
      // The same key through tRPC is the same operation of the same customer: a replay.
      const viaTrpc = await trpcOutcome(() => trpc.order.create.mutate({ ...c.body, idempotencyKey: c.key }));
      expect(viaTrpc.status, c.name).toBe(viaRest.status);
      expect(viaTrpc.replayed, c.name).toBe(true);
      expect(restReplay.headers.get("idempotent-replayed")).toBe("true");
      if (viaRest.status === 201) expect(viaTrpc.body).toEqual(viaRest.body);
      else expect(viaTrpc.code).toBe(viaRest.body.code);

      const conflictRest = await post(cluster.nodes[0]!, "/api/v1/orders", { token, key: c.key, body: { ...c.body, quantity: 2 } });
      const conflictTrpc = await trpcOutcome(() => trpc.order.create.mutate({ ...c.body, quantity: 2, idempotencyKey: c.key }));
      expect([conflictTrpc.status, conflictTrpc.code]).toEqual([conflictRest.status, conflictRest.body.code]);
      expect(conflictTrpc.body.boundTo).toEqual(conflictRest.body.boundTo);
    }

    const invalidRest = await post(cluster.nodes[0]!, "/api/v1/leads", { token, key: newKey(), body: { name: "", phone: "1", content: "" } });
    const invalidTrpc = await trpcOutcome(() => trpc.lead.submit.mutate({ name: "", phone: "1", content: "", idempotencyKey: newKey() }));
    expect([invalidTrpc.status, invalidTrpc.code]).toEqual([invalidRest.status, invalidRest.body.code]);
    expect(Object.keys(invalidTrpc.body.fields as object).sort()).toEqual(Object.keys(invalidRest.body.fields as object).sort());

    const anonymous = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${cluster.nodes[1]!.url}/api/trpc`, transformer: superjson })] });
    const noSessionTrpc = await trpcOutcome(() => anonymous.order.create.mutate({ ...order, idempotencyKey: newKey() }));
    const noSessionRest = await post(cluster.nodes[0]!, "/api/v1/orders", { key: newKey(), body: order });
    expect([noSessionTrpc.status, noSessionTrpc.code]).toEqual([noSessionRest.status, noSessionRest.body.code]);

    const status = await trpc.operation.status.query({ key: cases[0]!.key, type: "order" });
    expect(status).toMatchObject({ outcome: "completed", status: 201 });
  });

  it("through nginx in front of two nodes, 20 concurrent copies of one key make one order", async () => {
    const token = await newSession(cluster.nodes[0]!);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post(nginx.url, "/api/v1/orders", { token, key, body: { item: "sample-guide", quantity: 1 } })),
    );
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await count(cluster.sql, "sample_order where customer_id = $1", [token.split(".")[1]])).toBe(1);
  });
});
