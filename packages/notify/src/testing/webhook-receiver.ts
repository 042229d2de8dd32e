// A local webhook receiver as a real one should be: it verifies the Standard Webhooks
// signature and processes each delivery id once, however often it is delivered. Its `behave`
// hook decides each attempt's fate (fail, time out, hang, redirect, succeed) to inject faults.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * `redirect`: answer with that 3xx status and a Location header, process nothing;
 * `acceptAfterMs`: process it and answer 200 after that long (a receiver that takes its time);
 * `acceptWhen`: process it and answer 200 once the promise settles (the test decides when).
 */
export type Behaviour =
  "ok" | "fail" | "slow" | "hang" | { redirect: 301 | 302 | 303 | 307 | 308; location: string } | { acceptAfterMs: number } | { acceptWhen: Promise<unknown> };

export interface WebhookReceiver {
  url: string;
  /** Attempts that reached the receiver, by delivery id. */
  received: Map<string, number>;
  /** The X-Request-Id of the last attempt per delivery id (the request that created the lead). */
  requestIds: Map<string, string | undefined>;
  /** The last body received per delivery id, parsed. */
  bodies: Map<string, unknown>;
  /** Delivery ids the receiver acted on: each once, duplicates dropped by id. */
  processed: Set<string>;
  /** How many times an already-processed id arrived again and was dropped. */
  duplicatesDropped: number;
  badSignatures: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret: string, behave: (deliveryId: string, attempt: number) => Behaviour): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const receiver: WebhookReceiver = {
    url: "",
    received: new Map(),
    requestIds: new Map(),
    bodies: new Map(),
    processed: new Set(),
    duplicatesDropped: 0,
    badSignatures: 0,
    close: async () => {},
  };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const id = headers["webhook-id"] ?? "";
      try {
        verifier.verify(body, headers);
      } catch {
        receiver.badSignatures++;
        res.writeHead(401).end();
        return;
      }
      const attempt = (receiver.received.get(id) ?? 0) + 1;
      receiver.received.set(id, attempt);
      receiver.bodies.set(id, JSON.parse(body));
      receiver.requestIds.set(id, headers["x-request-id"]);
      const behaviour = behave(id, attempt);
      if (behaviour === "fail") return void res.writeHead(500).end("failing on purpose");
      if (typeof behaviour === "object" && "redirect" in behaviour) return void res.writeHead(behaviour.redirect, { location: behaviour.location }).end();
      // Processing: at most once per delivery id, whatever happens to the answer afterwards.
      if (receiver.processed.has(id)) receiver.duplicatesDropped++;
      else receiver.processed.add(id);
      if (behaviour === "hang") return void hanging.add(res);
      if (behaviour === "slow") return void setTimeout(() => res.writeHead(200).end("ok (too late)"), 3_000).unref();
      if (typeof behaviour === "object" && "acceptWhen" in behaviour) return void behaviour.acceptWhen.finally(() => res.writeHead(200).end("ok"));
      if (typeof behaviour === "object") return void setTimeout(() => res.writeHead(200).end("ok"), behaviour.acceptAfterMs).unref();
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
  receiver.close = () =>
    new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
