export { createPrismaClient, getPrisma, Prisma, type PrismaClient } from "./client.ts";
export type * from "./generated/prisma/models.ts";
