// The client for reads that may come from a standby (DATABASE_REPLICA_URL): the dashboard's
// lead and order lists and the CSV export, nothing else. Never the exactly-once protocol's
// reads, nor any read a write depends on: those must see the leader's latest commit.
// Without a replica URL it is the primary client itself. With one, a read the standby cannot
// answer (it is down, or being promoted) is asked of the primary instead, so losing the standby
// never takes the dashboard down with it.
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { databaseUnavailability } from "./unavailable.ts";

const globalForReplica = globalThis as unknown as { __onceReadReplica?: PrismaClient };

export function createReadReplicaClient(replicaUrl: string, primary: PrismaClient, options: { poolSize?: number } = {}): PrismaClient {
  const replica = createPrismaClient(replicaUrl, { poolSize: options.poolSize ?? 4 });
  return replica.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          try {
            return await query(args);
          } catch (error) {
            if (!databaseUnavailability(error)) throw error;
            const delegate = (primary as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[
              model.charAt(0).toLowerCase() + model.slice(1)
            ]!;
            return delegate[operation]!(args);
          }
        },
      },
    },
  }) as unknown as PrismaClient;
}

/** The process-wide read-replica client (see getPrisma): the primary itself when `url` is unset. */
export function getReadReplica(settings: { url: string | undefined; poolSize?: number }, primary: PrismaClient): PrismaClient {
  if (!settings.url) return primary;
  globalForReplica.__onceReadReplica ??= createReadReplicaClient(settings.url, primary, { poolSize: settings.poolSize });
  return globalForReplica.__onceReadReplica;
}
