// What the nginx config in deploy/nginx does when a node fails, checked against the real
// nginx with tiny stand-in upstreams (no app nodes needed):
// - a node that refuses connections (stopped, restarting) is skipped, for POST too: nothing
//   was sent to it (`proxy_next_upstream error timeout`);
// - a POST that reached a node is never passed to another, even when that node dies before
//   answering: the client gets 502 and retries with its operation key (nginx ≥ 1.9.13 needs
//   `non_idempotent` to resend a POST, and the config must never have it);
// - a GET that reached a dying node is answered by another (reads are safe to repeat).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startNginx, type NginxProcess } from "@once/scripts/cluster/nginx";

interface Upstream {
  port: number;
  /** Request ids (x-test-id) this upstream received, by method. */
  seen: { method: string; id: string }[];
  close(): Promise<void>;
}

/**
 * A stand-in node. Health probes (startNginx's) are answered; under /drop it reads the request
 * and then drops the connection without answering, like a node that dies mid-request.
 */
async function upstream(name: string, behaviour: "answer" | "drop"): Promise<Upstream> {
  const seen: Upstream["seen"] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const id = String(req.headers["x-test-id"] ?? "");
    if (id) seen.push({ method: req.method ?? "", id });
    req.resume();
    req.on("end", () => {
      if (behaviour === "drop" && req.url?.startsWith("/drop")) {
        req.socket.destroy();
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ servedBy: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function proxyTo(port: number, upstreams: Upstream[]): Promise<NginxProcess> {
  for (const u of upstreams) cleanups.push(() => u.close());
  const nginx = await startNginx({ port, upstreamPorts: upstreams.map((u) => u.port) });
  cleanups.push(() => nginx.stop());
  return nginx;
}

let counter = 0;
async function send(nginx: NginxProcess, method: "GET" | "POST", path: string) {
  const id = `req-${++counter}`;
  const res = await fetch(`${nginx.url}${path}`, {
    method,
    headers: { "x-test-id": id, "content-type": "application/json" },
    body: method === "POST" ? JSON.stringify({ item: "sample-guide", quantity: 1 }) : undefined,
  });
  const text = await res.text();
  return { id, status: res.status, servedBy: res.status === 200 ? (JSON.parse(text) as { servedBy: string }).servedBy : null };
}

describe("nginx in front of the fleet (deploy/nginx/once.conf.template)", () => {
  it("skips a node that refuses connections, for POST and GET alike", async () => {
    const stopping = await upstream("stopping", "answer");
    const live = await upstream("live", "answer");
    const nginx = await proxyTo(3341, [stopping, live]);
    // Both serve; then one stops listening, as a node does on SIGTERM.
    const before = await Promise.all([send(nginx, "POST", "/orders"), send(nginx, "POST", "/orders")]);
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    await stopping.close();

    // Round robin alternates, so of the first two POSTs one is sent towards the stopped node.
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await send(nginx, i < 4 ? "POST" : "GET", "/orders"));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.every((r) => r.servedBy === "live")).toBe(true);
  });

  it("never passes a POST that reached a node to another one, even when that node died before answering", async () => {
    const dying = await upstream("dying", "drop");
    const live = await upstream("live", "answer");
    const nginx = await proxyTo(3342, [dying, live]);

    const replies = [];
    // Round robin: within a few requests one lands on the dying node.
    while (!dying.seen.some((s) => s.method === "POST") && replies.length < 8) replies.push(await send(nginx, "POST", "/drop/orders"));
    const lost = replies.find((r) => dying.seen.some((s) => s.id === r.id));
    expect(lost, "a POST reached the dying node").toBeDefined();
    expect(lost!.status).toBe(502);
    expect(live.seen.map((s) => s.id)).not.toContain(lost!.id);
    // Every POST reached exactly one node.
    const ids = [...dying.seen, ...live.seen].map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(replies.map((r) => r.id).sort());
  });

  it("answers a GET whose node died before answering from another node", async () => {
    const dying = await upstream("dying", "drop");
    const live = await upstream("live", "answer");
    const nginx = await proxyTo(3343, [dying, live]);

    const replies = [];
    while (!dying.seen.some((s) => s.method === "GET") && replies.length < 8) replies.push(await send(nginx, "GET", "/drop/status"));
    const retried = replies.find((r) => dying.seen.some((s) => s.id === r.id));
    expect(retried, "a GET reached the dying node").toBeDefined();
    expect(retried!).toMatchObject({ status: 200, servedBy: "live" });
    expect(live.seen.map((s) => s.id)).toContain(retried!.id);
  });
});
