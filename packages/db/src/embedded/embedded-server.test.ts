// The embedded database under a connection pool, as `pnpm dev` uses it. While one connection
// holds a transaction, the others' queries wait in pglite-socket's queue; when it commits they
// must still run one whole extended-protocol batch (Parse … Sync) at a time, each getting its
// own answer. Before pin-extended-queries.ts their messages interleaved and crossed.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { freePort } from "../testing/free-port.ts";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded-server.ts";

let dir: string;
let database: EmbeddedDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "once-embedded-"));
  database = await startEmbeddedDatabase({ dataDir: path.join(dir, "pglite"), port: await freePort() });
}, 60_000);

afterAll(async () => {
  await database?.stop();
  await rm(dir, { recursive: true, force: true });
});

test("queries queued behind a transaction never cross when it ends", async () => {
  const holder = new pg.Client({ connectionString: database.url });
  const pool = new pg.Pool({ connectionString: database.url, max: 6 });
  await holder.connect();
  try {
    // Six connections opened first, so that what queues below is the queries, one per connection.
    const opened = await Promise.all(Array.from({ length: 6 }, () => pool.connect()));
    for (const client of opened) client.release();
    for (let round = 0; round < 5; round++) {
      await holder.query("BEGIN");
      await holder.query("SELECT 1");
      // A different statement per query, so a Bind landing on another's Parse shows.
      const answers = Array.from({ length: 6 }, (_, i) =>
        pool.query<{ n: number; tag: string }>(`SELECT $1::int + ${i} AS n, $2::text AS tag`, [i, `q${i}`]).then(
          ({ rows }) => rows[0],
          (error: Error) => error.message,
        ),
      );
      // They queue behind the transaction: each connection's first message waits for the session.
      await vi.waitFor(() => expect(database.queuedMessages()).toBe(6), { timeout: 10_000, interval: 5 });
      await holder.query("COMMIT");
      expect(await Promise.all(answers)).toEqual(Array.from({ length: 6 }, (_, i) => ({ n: 2 * i, tag: `q${i}` })));
    }
  } finally {
    await holder.end();
    await pool.end();
  }
}, 60_000);
