// This node's Prisma client, configured from the validated environment (one pool per process).
import "server-only";
import { getPrisma, getReadReplica, type PrismaClient } from "@once/db";
import { env } from "~/env";

export const prisma = (): PrismaClient => getPrisma({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });

/** For the dashboard's lists and export only: the standby (DATABASE_REPLICA_URL), else the primary. */
export const readReplica = (): PrismaClient =>
  getReadReplica({ url: env.DATABASE_REPLICA_URL, poolSize: Math.max(2, Math.ceil(env.DATABASE_POOL_SIZE / 2)) }, prisma());
