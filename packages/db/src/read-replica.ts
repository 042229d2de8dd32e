// Reads that may come from a standby (DATABASE_REPLICA_URL): the dashboard's lead and order
// lists, their counts and the exports, nothing else. Never the exactly-once protocol's reads,
// nor any read a write depends on: those must see the leader's latest commit.
// Without a replica URL the standby is the primary client itself. With one, a read the standby
// cannot answer (it is down, or being promoted) is asked of the primary instead, so losing the
// standby never takes the dashboard down with it. The fallback wraps the whole read, not each
// query: a list is raw SQL (the lead search) as well as model queries, sometimes in a
// transaction, and all of it is run again on the primary.
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { databaseUnavailability } from "./unavailable.ts";

const globalForReplica = globalThis as unknown as { __onceReadReplica?: PrismaClient };

/** The process-wide standby client (see getPrisma): the primary itself when `url` is unset. */
export function getReadReplica(settings: { url: string | undefined; poolSize?: number }, primary: PrismaClient): PrismaClient {
  if (!settings.url) return primary;
  globalForReplica.__onceReadReplica ??= createPrismaClient(settings.url, { poolSize: settings.poolSize ?? 4 });
  return globalForReplica.__onceReadReplica;
}

/** Where a dashboard read may go: the leader, and the standby when there is one. */
export interface ReadClients {
  primary: PrismaClient;
  standby?: PrismaClient | null;
}

/**
 * Runs `read` on the standby, and again on the primary when the standby cannot answer (an
 * outage: databaseUnavailability). Any other error is the read's own and is passed on.
 */
export async function readPreferringStandby<T>({ primary, standby }: ReadClients, read: (db: PrismaClient) => Promise<T>): Promise<T> {
  if (!standby || standby === primary) return read(primary);
  try {
    return await read(standby);
  } catch (error) {
    if (!databaseUnavailability(error)) throw error;
    return read(primary);
  }
}
