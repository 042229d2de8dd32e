// A connection checked out of a client's pool loses its server between statements (the backend
// ended from outside, as a killed PostgreSQL or a failover ends it): no uncaught exception, the
// next statement on it fails, and the pool drops it and serves the next query (client.ts, createPool).
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { createPool } from "./client.ts";
import { testAdminUrl } from "./testing/test-database.ts";

const pool = createPool(testAdminUrl(), 2);
afterAll(() => pool.end());

it("a checked-out connection whose server went away fails its next statement, and nothing is thrown uncaught", async () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const admin = new pg.Client({ connectionString: testAdminUrl() });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server's goodbye arrives, no statement running
    await expect(client.query("select 1")).rejects.toThrow();
    client.release(true);
    expect(uncaught).toEqual([]);
    expect((await pool.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  } finally {
    process.off("uncaughtException", record);
  }
});
