// This node's Prisma client, configured from the validated environment (one pool per process).
import "server-only";
import { getPrisma, type PrismaClient } from "@once/db";
import { env } from "~/env";

export const prisma = (): PrismaClient => getPrisma({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
