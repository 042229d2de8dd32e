// A database that cannot be reached answers the retryable 503 with Retry-After, on tRPC (every
// procedure) and REST alike, never a 500: what clients see during a failover (docs/SCALING.md).
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { createCaller } from "./root.ts";
import { createContextInner } from "./trpc.ts";
import { withProblemResponses } from "./rest/handle-errors.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "./app-error.ts";

const NOTHING_LISTENS = "postgresql://postgres@127.0.0.1:1/postgres";

describe("a database outage", () => {
  it("is SERVICE_UNAVAILABLE (503) with DATABASE_UNAVAILABLE and its Retry-After on tRPC", async () => {
    const prisma = createPrismaClient(NOTHING_LISTENS, { poolSize: 1 });
    try {
      const error = await createCaller(createContextInner({ prisma, customerId: null }))
        .catalog.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolTRPCError);
      expect((error as ProtocolTRPCError).code).toBe("SERVICE_UNAVAILABLE");
      expect((error as ProtocolTRPCError).protocol).toMatchObject({
        code: "DATABASE_UNAVAILABLE",
        status: 503,
        retryable: true,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    } finally {
      await prisma.$disconnect();
    }
  });

  it("is a 503 problem document with Retry-After on REST", async () => {
    const prisma = createPrismaClient(NOTHING_LISTENS, { poolSize: 1 });
    const logged: string[] = [];
    try {
      const res = await withProblemResponses(
        new Request("http://localhost/api/v1/orders", { method: "POST" }),
        { prisma, sessionSecret: "x".repeat(32), secureCookies: false, log: (event) => logged.push(event) },
        () => prisma.guide.findMany().then(() => new Response("unreachable")),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await res.json()).toMatchObject({ code: "DATABASE_UNAVAILABLE", status: 503, retryable: true });
      expect(logged).toEqual(["rest.database_unavailable"]);
    } finally {
      await prisma.$disconnect();
    }
  });
});
