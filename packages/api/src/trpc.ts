// The one place where tRPC is set up: the request context, the error formatter and the
// named base procedures that every router builds on. Routers never touch `t` directly.
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod/mini";
import { $ZodError } from "zod/v4/core";
import type { Prisma, PrismaClient } from "@once/db";
import { isProblemError } from "@once/idempotency";
import { ProtocolTRPCError, idempotentResolver, toTRPCError, withOperationKey } from "@once/idempotency/trpc";
import type { IdempotencyConfig, IdempotentOperation } from "@once/idempotency/server";
import type { StaffMember } from "@once/auth";
import { customerPrincipal } from "./session/customer-session.ts";
import type { RateLimits } from "./limits/rate-limits.ts";
import type { StreamSession } from "./dashboard/session-stream.ts";
import { spendWriteBudget } from "./limits/write-budget.ts";
import { internalErrorMessage } from "./request/request-id.ts";
import type { OperationSettings } from "./definitions/settings.ts";
import type { ChatAdminSettings } from "@once/notify";
import { recordStore } from "./records/record-store.ts";
import { appTRPCError, databaseOutageError } from "./app-error.ts";

export interface Context {
  prisma: PrismaClient;
  /** The dashboard's lists and counts only (through readPreferringStandby): a standby when DATABASE_REPLICA_URL is set (else `prisma`). */
  readReplica?: PrismaClient;
  /** The anonymous customer proven by the session cookie or bearer token; null if none. */
  customerId: string | null;
  /** The signed-in staff member (better-auth session cookie), if any. */
  staff?: StaffMember | null;
  /** The staff member's session, checked again by live streams (dashboard/session-stream.ts). */
  staffSession?: StreamSession | null;
  /** How the exactly-once protocol behaves on this node (lock timeout, retention, metrics). */
  idempotency?: IdempotencyConfig;
  /** Ties this request's answer to its log lines (see request/request-id.ts). */
  requestId?: string;
  /** The client's address as the production server established it (limits/client-address.ts). */
  clientAddress?: string;
  /** The budgets every node shares; customer mutations spend them like REST writes do. */
  limits?: RateLimits;
  /** Every operation's settings, one validated record (definitions/settings.ts; defaults when absent). */
  operationSettings?: OperationSettings;
  /** The chat channels page's view of this node's notify configuration (key, stand-ins, timeout). */
  chat?: ChatAdminSettings;
}

/** Builds the context from what the transport already resolved; tests call it directly. */
export function createContextInner(input: Context): Context {
  return input;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    if (error.code === "INTERNAL_SERVER_ERROR") {
      // Whatever failed (a database driver, a bug) stays in the server's log under this id.
      const requestId = ctx?.requestId ?? "unknown";
      const protocol = { code: "INTERNAL", retryable: true, status: 500, requestId };
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: internalErrorMessage(requestId), data: { ...data, protocol } };
    }
    const fields = error.cause instanceof $ZodError ? (z.flattenError(error.cause).fieldErrors as Record<string, string[]>) : undefined;
    const protocol =
      error instanceof ProtocolTRPCError ? error.protocol : fields ? { code: "VALIDATION_FAILED", retryable: false, status: 400, fields } : undefined;
    // A refusal of ours (protocol) or of a schema (fields) says what to fix. Anything else is
    // tRPC relaying a thrown error's text (a JSON parser's, "Maximum call stack size exceeded"
    // from a deeply nested input): it names internals, so only its kind is said.
    const message = protocol ? shape.message : genericMessage(error.code);
    return { ...shape, message, data: { ...shape.data, protocol } };
  },
});

/** What a refusal that is not the application's own says, by tRPC code. */
function genericMessage(code: string): string {
  if (code === "NOT_FOUND") return "no such procedure";
  if (code === "METHOD_NOT_SUPPORTED") return "this procedure is not called with this method";
  if (code === "PAYLOAD_TOO_LARGE") return "the request is too large";
  return "the request could not be read";
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure's first step: a database outage (failover, or a standby that refuses writes)
 * leaves as the retryable 503 with Retry-After that REST answers too, never as a 500.
 */
const databaseOutages = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const outage = databaseOutageError(result.error.cause ?? result.error);
    if (outage) throw toTRPCError(outage);
  }
  return result;
});
const baseProcedure = t.procedure.use(databaseOutages);

/** Anyone may call it; reads only public data. */
export const publicProcedure = baseProcedure;

/** Needs an anonymous customer session; the principal comes from it and nowhere else. */
export const customerProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.customerId) {
    throw appTRPCError("UNAUTHENTICATED", "a customer session is required");
  }
  return next({ ctx: { ...ctx, customerId: ctx.customerId, principal: customerPrincipal(ctx.customerId) } });
});

/** Signed-in staff: 401 without any session, 403 for a customer (or anyone else) who is not staff. */
const signedInStaff = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.staff) {
    if (ctx.customerId) {
      throw appTRPCError("FORBIDDEN", "staff only");
    }
    throw appTRPCError("UNAUTHENTICATED", "sign in as staff");
  }
  return next({ ctx: { ...ctx, staff: ctx.staff } });
});

/**
 * Every dashboard mutation spends the staff member's budget (all nodes): assignments send
 * e-mails, so a stolen or scripted session must not multiply them. A bulk update spends one
 * unit per lead it names.
 */
const staffWriteBudget = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  if (type === "mutation" && ctx.staff) {
    const wait = await ctx.limits?.take("staff-write", ctx.staff.id, staffWriteUnits(await getRawInput()));
    if (wait != null) throw appTRPCError("RATE_LIMITED", "too many dashboard changes from this account; retry later", { retryAfterSeconds: wait });
  }
  return next();
});

/**
 * Staff only: 401 without any session, 403 for a customer (or anyone else) who is not staff,
 * and 403 PASSWORD_CHANGE_REQUIRED while the member's password is a temporary one an admin set
 * (they replace it first: `temporaryPasswordProcedure`). Every dashboard procedure builds on
 * this; a test enumerates them all.
 */
export const staffProcedure = signedInStaff
  .use(({ ctx, next }) => {
    if (ctx.staff.mustChangePassword) throw appTRPCError("PASSWORD_CHANGE_REQUIRED", "choose your own password first (/dashboard/password)");
    return next();
  })
  .use(staffWriteBudget);

/** Signed-in staff, temporary password or not: only for replacing that password (dashboard.password.change). */
export const temporaryPasswordProcedure = signedInStaff.use(staffWriteBudget);

/** Units of the staff write budget a mutation spends: one, or one per lead of a bulk update. */
function staffWriteUnits(raw: unknown): number {
  const leads = (raw as { json?: { leads?: unknown } } | null)?.json?.leads ?? (raw as { leads?: unknown } | null)?.leads;
  return Array.isArray(leads) ? Math.max(1, Math.min(leads.length, 1_000)) : 1;
}

/** Admins only (e.g. requeueing a dead letter). */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.staff.role !== "admin") throw appTRPCError("FORBIDDEN", "admins only");
  return next();
});

/** An operation, or how to build it from the request's context (e.g. its business rules). */
export type CustomerOperation<Input extends object, Body> =
  IdempotentOperation<Input, Body, Prisma.TransactionClient> | ((ctx: Context) => IdempotentOperation<Input, Body, Prisma.TransactionClient>);

/**
 * An exactly-once mutation for customers: declared by its input schema and its operation
 * (fingerprint fields + business function). The key travels as `idempotencyKey` in the input.
 */
export function idempotentCustomerMutation<Schema extends z.ZodMiniObject, Body>(input: Schema, operation: CustomerOperation<z.output<Schema>, Body>) {
  type Op = IdempotentOperation<z.output<Schema>, Body, Prisma.TransactionClient>;
  const setup = {
    store: (ctx: Context) => recordStore(ctx.prisma),
    principal: (ctx: Context & { principal: string }) => ctx.principal,
    config: (ctx: Context) => ctx.idempotency ?? {},
  };
  const resolverFor = (op: Op) => idempotentResolver<Context & { principal: string }, Prisma.TransactionClient, z.output<Schema>, Body>(setup, op);
  const fixed = typeof operation === "function" ? null : resolverFor(operation);
  const resolve = (args: { ctx: Context & { principal: string }; input: z.output<Schema> & { idempotencyKey: string } }) =>
    (fixed ?? resolverFor((operation as (ctx: Context) => Op)(args.ctx)))(args);
  return customerProcedure
    .use(async ({ ctx, next }) => {
      // The same budget as REST writes: per session and per client address, on every node.
      try {
        await spendWriteBudget(ctx.limits, ctx.principal, ctx.clientAddress ?? "unknown");
      } catch (error) {
        throw isProblemError(error) ? toTRPCError(error) : error;
      }
      return next();
    })
    .input(withOperationKey(input))
    .mutation(({ ctx, input: parsed }) => resolve({ ctx, input: parsed as z.output<Schema> & { idempotencyKey: string } }));
}
