// docs/OPERATIONS.md, "Deploy" and "Rotate secrets", on the build the test command made (this
// builds nothing): the standalone folder packed, unpacked outside the repository and started
// by the documented command on a database with no tables yet (with-database migrates it); it
// serves pages, static files and the protocol, behind the TLS nginx example with its headers;
// it stops on SIGTERM, starts again exactly as its systemd unit would with a rotated session
// secret and still accepts a token issued before; the worker runs from the same folder.
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { repoRoot } from "@once/scripts/cluster/node-process";
import { deployFile, unitSetting, writeTlsNginx } from "./deploy-files.ts";
import { onTestMachine, RUN, type TestMachine } from "./runbook-commands.ts";
import { startReleaseProcess, waitFor, type ReleaseProcess } from "./standalone-process.ts";

const PORT = 3385;
const NGINX_HTTP = 3386;
const NGINX_HTTPS = 3387;
const standalone = path.join(repoRoot, "apps/web/.next/standalone");
const work = mkdtempSync(path.join(os.tmpdir(), "once-standalone-"));
const machine: TestMachine = { srv: path.join(work, "srv"), work, port: PORT };
const current = path.join(machine.srv, "current");
const base = `http://127.0.0.1:${PORT}`;
const oldSecret = randomBytes(32).toString("base64");
const healthToken = randomBytes(16).toString("hex");

let database: TestDatabase;
let env: Record<string, string>;
const running: ReleaseProcess[] = [];

/** A documented command, through bash on the test machine. */
function sh(command: string, extraEnv: Record<string, string> = {}) {
  return spawnSync("bash", ["-c", onTestMachine(command, machine)], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, ...extraEnv } });
}
function shOk(command: string, extraEnv: Record<string, string> = {}): string {
  const result = sh(command, extraEnv);
  if (result.status !== 0) throw new Error(`${command}: exit ${result.status}\n${result.stderr}`);
  return result.stdout;
}

/** Starts a web node exactly as deploy/systemd/once-web@.service would, instance = PORT. */
function startAsUnit(unitEnv: Record<string, string>): ReleaseProcess {
  const unit = deployFile("systemd/once-web@.service");
  const [command, ...args] = unitSetting(unit, "ExecStart")!.replaceAll("%i", String(PORT)).split(" ");
  const environment = Object.fromEntries(
    unitSetting(unit, "Environment")!
      .replaceAll("%i", String(PORT))
      .split(" ")
      .map((pair) => pair.split("=") as [string, string]),
  );
  const node = startReleaseProcess(command!, args, {
    cwd: unitSetting(unit, "WorkingDirectory")!.replace("/srv/once", machine.srv),
    env: { ...unitEnv, ...environment },
  });
  running.push(node);
  return node;
}

const ready = (node: ReleaseProcess) => waitFor("readiness", node, () => sh(RUN.ready).status === 0);

function viaTls(pathname: string, httpsPort = NGINX_HTTPS): Promise<{ status: number; rawHeaders: string[]; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: "127.0.0.1", port: httpsPort, path: pathname, servername: "shop.example.com", rejectUnauthorized: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
const countHeader = (rawHeaders: string[], name: string) => rawHeaders.filter((value, i) => i % 2 === 0 && value.toLowerCase() === name).length;

beforeAll(async () => {
  if (!existsSync(path.join(standalone, "packages/db/dist/with-database.mjs"))) {
    throw new Error(`no completed standalone folder at ${standalone}: run \`pnpm build\` first (the test command does)`);
  }
  // A database of nothing: the folder's own start-up must apply every migration and the seed.
  database = await createTestDatabase("standalone", { migrate: false });
  env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: oldSecret,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    HEALTH_TOKEN: healthToken,
    PUBLIC_URL: "https://shop.example.com",
    TRUSTED_PROXIES: "loopback",
    NOTIFY_WORKER: "off",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
});
afterAll(async () => {
  for (const process of running) await process.stop({ group: true });
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe("a release from the standalone folder", () => {
  let token = "";
  let orderKey = "";

  it("is packed, unpacked outside the repository and started by the documented command", async () => {
    shOk(RUN.pack);
    mkdirSync(machine.srv, { recursive: true });
    shOk(RUN.makeRelease);
    shOk(RUN.unpack);
    shOk(RUN.switchRelease);
    expect(readFileSync(path.join(current, "apps/web/server.mjs"), "utf8")).toContain("__NEXT_PRIVATE_STANDALONE_CONFIG");

    const node = startReleaseProcess("bash", ["-c", onTestMachine(RUN.startByHand, machine)], { env });
    running.push(node);
    await ready(node);
    expect(node.output()).toMatch(/applied \d+/); // migrated by the folder's own with-database
    expect(shOk(RUN.live)).toContain('"status":"ok"');
    expect(shOk(RUN.healthDetails, { HEALTH_TOKEN: healthToken })).toContain('"database":"reachable"');
  }, 150_000);

  it("serves pages, their static files, public files and the protocol", async () => {
    const page = await fetch(`${base}/guides/sample-guide`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    expect((await fetch(`${base}${script}`)).status).toBe(200);
    expect((await fetch(`${base}/covers/sample-guide.webp`)).status).toBe(200);

    token = ((await (await fetch(`${base}/api/v1/sessions`, { method: "POST" })).json()) as { token: string }).token;
    orderKey = randomUUID();
    const order = () =>
      fetch(`${base}/api/v1/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": orderKey },
        body: JSON.stringify({ item: "sample-guide", quantity: 1 }),
      });
    const first = await order();
    expect(first.status).toBe(201);
    const again = await order();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  it("answers through the TLS nginx example with each security header once", async () => {
    const nginx = writeTlsNginx(path.join(work, "nginx"), { httpPort: NGINX_HTTP, httpsPort: NGINX_HTTPS, upstreamPorts: [PORT] });
    const proxy = startReleaseProcess(nginx.binary, ["-c", nginx.config, "-p", nginx.dir, "-e", "stderr"], { env: {} });
    running.push(proxy);
    await waitFor("nginx", proxy, () =>
      viaTls("/api/health/live").then(
        () => true,
        () => false,
      ),
    );

    const page = await viaTls("/guides/sample-guide");
    expect(page.status).toBe(200);
    for (const header of [
      "strict-transport-security",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
    ]) {
      expect(countHeader(page.rawHeaders, header), header).toBe(1);
    }
    expect(page.headers["content-security-policy"]).toMatch(/nonce-/); // the node's own, per request
    expect(page.headers["x-request-id"]).toBeTruthy();
    const plain = await fetch(`http://127.0.0.1:${NGINX_HTTP}/guides`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://127.0.0.1/guides");
  });

  it("stops on SIGTERM and starts again as its unit would, with a rotated secret; earlier tokens still work", async () => {
    const first = running[0]!;
    await first.stop({ group: true });
    expect(first.output()).toMatch(/stopped in \d+ ms/);

    // With no node, nginx answers for it: a retryable problem with the headers and a closed policy.
    const down = await viaTls("/api/v1/orders");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toMatchObject({ status: 503, retryable: true });
    expect(down.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(countHeader(down.rawHeaders, "x-frame-options")).toBe(1);
    expect(down.headers["retry-after"]).toBe("1");

    const newSecret = shOk(RUN.newSecret).trim();
    expect(newSecret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const node = startAsUnit({ ...env, SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: oldSecret });
    await ready(node);
    const looked = await fetch(`${base}/api/v1/operations/${orderKey}?type=order`, { headers: { authorization: `Bearer ${token}` } });
    expect(looked.status).toBe(200);
    expect(await looked.json()).toMatchObject({ key: orderKey, outcome: "completed", status: 201 });
    const forged = token.replace(/\.[^.]+$/, ".AAAA");
    expect((await fetch(`${base}/api/v1/operations/${orderKey}?type=order`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);

    // systemd's stop: SIGTERM to with-database only (KillMode=mixed), which passes it on.
    expect(await node.stop()).toBe(0);
    expect(node.output()).toMatch(/stopped in \d+ ms/);
  }, 150_000);

  it("runs the notification worker from the same folder", async () => {
    const worker = startReleaseProcess("bash", ["-c", onTestMachine(RUN.workerByHand, machine)], { env: { ...env, LOG_LEVEL: "info" } });
    running.push(worker);
    await waitFor("the worker", worker, () => worker.output().includes("notify.worker_started"));
    await worker.stop({ group: true });
    expect(worker.output()).not.toMatch(/Cannot find (module|package)/);
  }, 60_000);
});
