export { createPrismaClient, getPrisma, poolStatsOf, Prisma, type PrismaClient, type PoolStats } from "./client.ts";
export { getReadReplica, readPreferringStandby, type ReadClients } from "./read-replica.ts";
export type * from "./generated/prisma/models.ts";
