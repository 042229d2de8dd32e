// The tRPC adapter on a real router and the PostgreSQL store: the operation key travels in the
// input, the answer says whether it was a replay, and every refusal (the protocol's, a stored
// business rejection, a malformed key) is a tRPC error whose data carries the contract's code.
import { randomUUID } from "node:crypto";
import { initTRPC, TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod/mini";
import type {} from "@once/db/testing/global-setup";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createPostgresStore } from "../postgres/postgres-store.ts";
import type { IdempotentOperation } from "../server/run-once.ts";
import { idempotentResolver, ProtocolTRPCError, trpcCodeForStatus, withOperationKey } from "./idempotent-mutation.ts";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
interface Ctx {
  customer: string;
  retryAfterSeconds: number;
}

const prisma: PrismaClient = createPrismaClient(inject("databaseUrl"), { poolSize: 5 });
beforeAll(() =>
  prisma.$executeRawUnsafe(
    `create table if not exists trpc_mutation_row (id uuid primary key default gen_random_uuid(), customer text not null, copies int not null)`,
  ),
);
afterAll(() => prisma.$disconnect());

const orderCopies: IdempotentOperation<{ copies: number }, { id: string } | { code: string; detail: string }, Tx> = {
  type: "copies",
  fingerprint: { fields: ["copies"] },
  async execute(tx, input, { principal }) {
    if (input.copies > 5) return { outcome: "rejected", status: 422, body: { code: "LIMIT_REACHED", detail: "at most 5 copies" } };
    const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(
      `insert into trpc_mutation_row (customer, copies) values ($1, $2) returning id::text`,
      principal,
      input.copies,
    );
    return { outcome: "completed", status: 201, body: { id: row!.id }, resultId: row!.id };
  },
};

const t = initTRPC.context<Ctx>().create();
const router = t.router({
  order: t.procedure.input(withOperationKey(z.object({ copies: z.int() }))).mutation(
    idempotentResolver(
      {
        store: () => createPostgresStore(prisma),
        principal: (ctx: Ctx) => ctx.customer,
        config: (ctx: Ctx) => ({ retryAfterSeconds: ctx.retryAfterSeconds }),
      },
      orderCopies,
    ),
  ),
});
const callerFor = (customer: string) => t.createCallerFactory(router)({ customer, retryAfterSeconds: 3 });
const rows = async (customer: string) =>
  (await prisma.$queryRawUnsafe<{ n: number }[]>(`select count(*)::int as n from trpc_mutation_row where customer = $1`, customer))[0]!.n;

/** The rejection a call ends in. */
async function refusal(call: Promise<unknown>): Promise<ProtocolTRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolTRPCError);
  return error as ProtocolTRPCError;
}

describe("idempotentResolver", () => {
  it("runs the mutation once per key and answers a retry with the first result, marked as a replay", async () => {
    const customer = randomUUID();
    const caller = callerFor(customer);
    const first = await caller.order({ copies: 2, idempotencyKey: "key-trpc-0001" });
    const again = await caller.order({ copies: 2, idempotencyKey: "key-trpc-0001" });
    expect(first).toMatchObject({ status: 201, replayed: false, resultId: (first.result as { id: string }).id });
    expect(again).toEqual({ ...first, replayed: true });
    // The key is the customer's own: another customer's same key is another operation.
    expect(await callerFor(randomUUID()).order({ copies: 2, idempotencyKey: "key-trpc-0001" })).toMatchObject({ replayed: false });
    expect(await rows(customer)).toBe(1);
  });

  it("refuses the key with other parameters as UNPROCESSABLE_CONTENT carrying IDEMPOTENCY_KEY_REUSED and the bound outcome", async () => {
    const caller = callerFor(randomUUID());
    const first = await caller.order({ copies: 1, idempotencyKey: "key-trpc-0002" });
    const error = await refusal(caller.order({ copies: 3, idempotencyKey: "key-trpc-0002" }));
    expect(error.code).toBe("UNPROCESSABLE_CONTENT");
    expect(error.protocol).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      retryable: false,
      status: 422,
      boundTo: { status: 201, resultId: first.resultId, outcome: "completed" },
    });
  });

  it("throws a stored business rejection the same way first and on replay, telling them apart by `replayed`", async () => {
    const customer = randomUUID();
    const caller = callerFor(customer);
    const first = await refusal(caller.order({ copies: 9, idempotencyKey: "key-trpc-0003" }));
    const again = await refusal(caller.order({ copies: 9, idempotencyKey: "key-trpc-0003" }));
    expect(first.code).toBe("UNPROCESSABLE_CONTENT");
    expect(first.message).toBe("at most 5 copies");
    expect(first.protocol).toEqual({ code: "LIMIT_REACHED", retryable: false, status: 422, replayed: false });
    expect(again.protocol).toEqual({ ...first.protocol, replayed: true });
    expect(await rows(customer)).toBe(0);
  });

  it("answers a key still held by another attempt with CONFLICT, retryable, after the Retry-After the context configures", async () => {
    const customer = randomUUID();
    const caller = callerFor(customer);
    // Holds the key's claim in an open transaction, as a slow first attempt would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const held = new Promise<void>((resolve) => (claimed = resolve));
    const store = createPostgresStore(prisma);
    const holder = store.transaction(
      async (tx) => {
        await tx.claim({ principal: customer, operation: "copies" }, "key-trpc-0004", "unused", new Date(Date.now() + 86_400_000));
        claimed();
        await released;
      },
      { lockTimeoutMs: 5_000 },
    );
    await held;
    const slowCaller = t.createCallerFactory(
      t.router({
        order: t.procedure
          .input(withOperationKey(z.object({ copies: z.int() })))
          .mutation(
            idempotentResolver(
              { store: () => store, principal: (ctx: Ctx) => ctx.customer, config: { lockTimeoutMs: 100, retryAfterSeconds: 4 } },
              orderCopies,
            ),
          ),
      }),
    )({ customer, retryAfterSeconds: 3 });
    const error = await refusal(slowCaller.order({ copies: 1, idempotencyKey: "key-trpc-0004" }));
    release();
    await holder;
    expect(error.code).toBe("CONFLICT");
    expect(error.protocol).toEqual({ code: "IDEMPOTENCY_IN_PROGRESS", retryable: true, status: 409, retryAfterSeconds: 4 });
    expect(await caller.order({ copies: 1, idempotencyKey: "key-trpc-0005" })).toMatchObject({ replayed: false });
  });

  it("refuses a malformed operation key before anything runs", async () => {
    const customer = randomUUID();
    const error = await callerFor(customer)
      .order({ copies: 1, idempotencyKey: "no spaces allowed" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect(await rows(customer)).toBe(0);
  });
});

describe("trpcCodeForStatus", () => {
  it("maps the contract's statuses, 410 to PRECONDITION_FAILED (tRPC has no 410), other 5xx to INTERNAL_SERVER_ERROR, the rest to BAD_REQUEST", () => {
    expect(trpcCodeForStatus(410)).toBe("PRECONDITION_FAILED");
    expect(trpcCodeForStatus(429)).toBe("TOO_MANY_REQUESTS");
    expect(trpcCodeForStatus(503)).toBe("SERVICE_UNAVAILABLE");
    expect(trpcCodeForStatus(502)).toBe("INTERNAL_SERVER_ERROR");
    expect(trpcCodeForStatus(418)).toBe("BAD_REQUEST");
  });
});
