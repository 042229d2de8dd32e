export { createPrismaClient, getPrisma, poolStatsOf, Prisma, type PrismaClient, type PoolStats } from "./client.ts";
export { getReadReplica, readPreferringStandby, type ReadClients } from "./read-replica.ts";
export type * from "./generated/prisma/models.ts";
export { PIPELINE_AFTER_BEGIN, PIPELINE_BEFORE_COMMIT, PipelinedClient, type PipelineCounts } from "./pipelined-client.ts";
