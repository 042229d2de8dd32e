// The tRPC side of the protocol. A router declares an idempotent mutation by its input
// schema, fingerprint fields and business function; this adapter adds the operation key to
// the input, runs the core's runOnce and maps refusals to tRPC errors carrying the
// contract's `code` in their data. Routers never touch keys themselves.
import { TRPCError } from "@trpc/server";
import { z } from "zod/mini";
import { operationKeySchema } from "../shared/operation-key.ts";
import { IdempotencyError, type ProblemError, type ProtocolErrorDetails } from "../shared/errors.ts";
import type { OperationResult } from "../shared/outcome.ts";
import { runOnce, type IdempotencyConfig, type IdempotentOperation } from "../server/run-once.ts";
import type { IdempotencyStore } from "../server/store.ts";

/** What an idempotent mutation returns: the first outcome's body, and whether this was a replay. */
export interface IdempotentMutationResult<Body> {
  result: Body;
  resultId: string | null;
  status: number;
  replayed: boolean;
}

/** The error data a tRPC client reads to tell a replayed rejection from a transport failure. */
export interface ProtocolErrorData extends ProtocolErrorDetails {
  code: string;
  retryable: boolean;
  replayed?: boolean;
  status: number;
}

export class ProtocolTRPCError extends TRPCError {
  constructor(
    code: TRPCError["code"],
    message: string,
    readonly protocol: ProtocolErrorData,
  ) {
    super({ code, message });
  }
}

/** HTTP status → tRPC code (tRPC has no 410: an expired key is PRECONDITION_FAILED). */
const TRPC_CODES: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  410: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

export const trpcCodeForStatus = (status: number): TRPCError["code"] => TRPC_CODES[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");

/** Any ProblemError (the protocol's or an application's) as the matching tRPC error. */
export function toTRPCError(error: ProblemError): ProtocolTRPCError {
  return new ProtocolTRPCError(trpcCodeForStatus(error.status), error.message, {
    code: error.code,
    retryable: error.retryable,
    status: error.status,
    ...error.details,
  });
}

export function withOperationKey<Schema extends z.ZodMiniObject>(input: Schema) {
  return z.extend(input, { idempotencyKey: operationKeySchema });
}

export interface IdempotentMutationSetup<Ctx, Tx> {
  store(ctx: Ctx): IdempotencyStore<Tx>;
  principal(ctx: Ctx): string;
  config?: IdempotencyConfig | ((ctx: Ctx) => IdempotencyConfig);
}

/**
 * Returns a resolver for `procedure.input(withOperationKey(schema)).mutation(resolver)`.
 * A stored business rejection is thrown as a tRPC error (with `replayed` in its data), the
 * same way the first answer was.
 */
export function idempotentResolver<Ctx, Tx, Input extends object, Body>(
  setup: IdempotentMutationSetup<Ctx, Tx>,
  operation: IdempotentOperation<Input, Body, Tx>,
) {
  return async ({ ctx, input }: { ctx: Ctx; input: Input & { idempotencyKey: string } }): Promise<IdempotentMutationResult<Body>> => {
    const { idempotencyKey, ...params } = input;
    const config = typeof setup.config === "function" ? setup.config(ctx) : setup.config;
    let result: OperationResult<Body>;
    try {
      result = await runOnce(setup.store(ctx), operation, { principal: setup.principal(ctx), key: idempotencyKey, input: params as unknown as Input }, config);
    } catch (error) {
      if (error instanceof IdempotencyError) throw toTRPCError(error);
      throw error;
    }
    if (result.outcome === "rejected") {
      const body = result.body as { code?: string; detail?: string; title?: string };
      throw new ProtocolTRPCError(trpcCodeForStatus(result.status), body.detail ?? body.title ?? "rejected", {
        code: body.code ?? "REJECTED",
        retryable: false,
        status: result.status,
        replayed: result.replayed,
      });
    }
    return { result: result.body, resultId: result.resultId, status: result.status, replayed: result.replayed };
  };
}
