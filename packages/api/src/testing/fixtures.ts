// Test fixtures: a Prisma client on the run's database, fresh customers and a seeded catalog.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
// Declares `inject("databaseUrl")`, provided by @once/db's vitest global setup.
import type {} from "@once/db/testing/global-setup";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { customerPrincipal } from "../session/customer-session.ts";

export function testPrisma(): PrismaClient {
  return createPrismaClient(inject("databaseUrl"), { poolSize: 20 });
}

export function newCustomer() {
  const customerId = randomBytes(16).toString("base64url");
  return { customerId, principal: customerPrincipal(customerId) };
}

export function callerFor(prisma: PrismaClient, customerId: string | null) {
  return createCaller(createContextInner({ prisma, customerId }));
}

/** A guide of this test's own, so stock checks never race other tests. */
export async function createGuide(prisma: PrismaClient, overrides: { stock?: number; maxPerOrder?: number } = {}) {
  const slug = `guide-${randomBytes(5).toString("hex")}`;
  await prisma.guide.create({
    data: {
      slug,
      titleZh: "测试指南",
      titleEn: "Test guide",
      summaryZh: "测试",
      summaryEn: "Test",
      stock: overrides.stock ?? 100,
      maxPerOrder: overrides.maxPerOrder ?? 5,
    },
  });
  return slug;
}
