// Moves pending outbox rows into pg-boss. Claiming the rows, creating the jobs and marking the
// rows queued happen in ONE transaction on one connection (pg-boss's `db` option), so a crash
// at any point either leaves the row pending (it is relayed again) or queued with its job.
// The job id is derived from the delivery id (and the admin re-queue count): relaying a row
// twice cannot create two jobs, while a re-queued dead letter gets a fresh one.
import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import type pg from "pg";
import { queueFor } from "./queues.ts";
import { withCheckedOut } from "./checked-out.ts";
import type { Channel } from "../config.ts";

export function relayPendingDeliveries(pool: pg.Pool, boss: PgBoss, batchSize = 100): Promise<number> {
  return withCheckedOut(pool, (client) => relayBatch(client, boss, batchSize));
}

async function relayBatch(client: pg.PoolClient, boss: PgBoss, batchSize: number): Promise<number> {
  try {
    await client.query("begin");
    const { rows } = await client.query<{ id: string; channel: Channel; requeues: number }>(
      `select id, channel, requeues from notification_delivery
       where status = 'pending' order by created_at limit $1 for update skip locked`,
      [batchSize],
    );
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    for (const row of rows) {
      await boss.send(queueFor(row.channel), { deliveryId: row.id }, { id: jobIdFor(row.id, row.requeues), db });
    }
    if (rows.length > 0) {
      await client.query(`update notification_delivery set status = 'queued', queued_at = now(), updated_at = now() where id = any($1::uuid[])`, [
        rows.map((row) => row.id),
      ]);
    }
    await client.query("commit");
    return rows.length;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

/** The delivery id itself at first; a UUID-shaped hash of (id, requeue count) after a re-queue. */
export function jobIdFor(deliveryId: string, requeues: number): string {
  if (requeues === 0) return deliveryId;
  const hex = createHash("sha256").update(`${deliveryId}:${requeues}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
