// The pool mode a node is given (DATABASE_POOL_MODE) is checked against facts that load cannot
// change (connection-setup.ts): on the real PostgreSQL, directly and through a TCP proxy of the
// test's own (a socket pipe, as HAProxy or Docker's published ports are: PostgreSQL sees the
// proxy's connection, not the node's). PgBouncer itself is e2e/system/pooler.test.ts's.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertConnectionSetup, connectionEnds, reachesPostgresItself, sharesSessions } from "./connection-setup.ts";
import { testAdminUrl } from "./testing/test-database.ts";

const directUrl = testAdminUrl();
let proxy: net.Server;
let proxiedUrl: string;

beforeAll(async () => {
  const target = new URL(directUrl);
  proxy = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    for (const end of [socket, upstream]) end.on("error", () => (socket.destroy(), upstream.destroy()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = new URL(directUrl);
  url.port = String((proxy.address() as net.AddressInfo).port);
  proxiedUrl = url.toString();
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe("what the server shows of a connection", () => {
  it("is the node's own socket when nothing sits in between, and the proxy's otherwise", async () => {
    const direct = await connectionEnds(directUrl);
    expect(direct.client).not.toBeNull();
    expect(reachesPostgresItself(direct)).toBe(true);
    const proxied = await connectionEnds(proxiedUrl);
    expect(reachesPostgresItself(proxied)).toBe(false);
    expect(proxied.server.serverPort).toBe(Number(new URL(directUrl).port || 5432)); // PostgreSQL's port, not the proxy's
  });

  it("two connections through a proxy keep a session each: no proof of sharing", async () => {
    expect(await sharesSessions(proxiedUrl)).toBe(false);
  });
});

describe("DATABASE_POOL_MODE against what the server shows: one line naming the fix", () => {
  const check = (setup: Partial<Parameters<typeof assertConnectionSetup>[0]>) => assertConnectionSetup({ url: directUrl, poolSize: 5, ...setup });

  it("starts when the declaration holds: direct to PostgreSQL, session through a proxy, unset either way", async () => {
    await expect(check({ mode: "direct" })).resolves.toBeUndefined();
    await expect(check({ url: proxiedUrl, mode: "session" })).resolves.toBeUndefined();
    await expect(check({})).resolves.toBeUndefined();
    await expect(check({ url: proxiedUrl })).resolves.toBeUndefined();
  });

  it("direct through a proxy: what the server saw, and which mode to declare", async () => {
    await expect(check({ url: proxiedUrl, mode: "direct" })).rejects.toThrow(
      /^refusing to start: DATABASE_POOL_MODE=direct but something sits between this node and PostgreSQL at 127\.0\.0\.1:\d+\/postgres \(the server sees the connection from 127\.0\.0\.1:\d+, this node's socket is 127\.0\.0\.1:\d+\): set DATABASE_POOL_MODE=session for a proxy/,
    );
  });

  it("transaction without DIRECT_DATABASE_URL", async () => {
    await expect(check({ url: proxiedUrl, mode: "transaction" })).rejects.toThrow(
      /^refusing to start: DATABASE_POOL_MODE=transaction needs DIRECT_DATABASE_URL/,
    );
  });

  it("transaction (declared, or implied by DIRECT_DATABASE_URL) while DATABASE_URL is PostgreSQL itself", async () => {
    await expect(check({ directUrl: proxiedUrl })).rejects.toThrow(
      /^refusing to start: DATABASE_POOL_MODE \(unset: transaction\) says DATABASE_URL goes through a pooler in transaction mode, but 127\.0\.0\.1:\d+\/postgres is PostgreSQL itself/,
    );
    await expect(check({ directUrl: proxiedUrl, mode: "transaction" })).rejects.toThrow(/^refusing to start: DATABASE_POOL_MODE=transaction says/);
  });

  it("DIRECT_DATABASE_URL with direct or session", async () => {
    for (const mode of ["direct", "session"] as const)
      await expect(check({ url: proxiedUrl, directUrl, mode })).rejects.toThrow(
        new RegExp(`^refusing to start: DIRECT_DATABASE_URL is set but DATABASE_POOL_MODE=${mode}: it is only for a pooler in transaction mode`),
      );
  });

  it("a pool larger than PostgreSQL allows, directly", async () => {
    await expect(check({ poolSize: 100_000 })).rejects.toThrow(/^refusing to start: DATABASE_POOL_SIZE=100000 is more than PostgreSQL at .* allows/);
  });
});
