// A secret that all nodes on one database share, created by whichever node starts first.
// Used when SESSION_SECRET is not configured, so several production nodes still accept each
// other's customer sessions without hand-made configuration.
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function ensureSharedSecret(connectionString: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`insert into app_secret (name, value) values ($1, $2) on conflict (name) do nothing`, [name, randomBytes(32).toString("base64url")]);
    const { rows } = await client.query<{ value: string }>(`select value from app_secret where name = $1`, [name]);
    return rows[0]!.value;
  } finally {
    await client.end();
  }
}
