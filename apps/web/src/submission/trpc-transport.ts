// The wire under the submissions: the protocol's transport (@once/idempotency/client) over
// this app's tRPC client. It sends each operation type to its procedure and reads a tRPC
// error in the contract's terms; what the answers mean is the package's classification.
import { TRPCClientError, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "@once/api/client";
import type { AttemptFailure, OperationTransport } from "@once/idempotency/client";
import type { ProtocolErrorData } from "@once/idempotency/trpc";
import { operations, type OperationType } from "./registry";

type Mutation = { mutate(input: Record<string, unknown> & { idempotencyKey: string }): Promise<{ result: unknown; replayed: boolean }> };

/**
 * The typed client's mutation at the procedure the registry names for this type (`procedure`
 * in packages/api/src/registry.ts, where the server builds it too); operation-procedures.test.ts
 * checks each is a mutation of the app's router.
 */
const mutationOf = (client: TRPCClient<AppRouter>, type: OperationType): Mutation => {
  const [router, name] = operations.specs[type].procedure;
  return (client as unknown as Record<string, Record<string, Mutation>>)[router]![name]!;
};

export function trpcTransport(client: TRPCClient<AppRouter>): OperationTransport<OperationType> {
  return {
    async send(operation) {
      const answer = await mutationOf(client, operation.type).mutate({ ...operation.params, idempotencyKey: operation.key });
      return { body: answer.result, replayed: answer.replayed };
    },
    lookUp: (query) => client.operation.status.query(query),
    describe: failureOf,
  };
}

/**
 * A failed tRPC call in the contract's terms: the protocol data the server's error formatter
 * adds (code, status, retryable, Retry-After, boundTo), else the HTTP status tRPC read. Anything
 * else (no answer, a body that is not tRPC's) has no status: its outcome is unknown.
 */
export function failureOf(error: unknown): AttemptFailure {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { httpStatus?: number; protocol?: ProtocolErrorData } | undefined;
  const protocol = data?.protocol;
  const header = (error.meta as { response?: Response } | undefined)?.response?.headers.get("retry-after");
  const retryAfterSeconds = protocol?.retryAfterSeconds ?? (header && /^\d+$/.test(header) ? Number(header) : undefined);
  return {
    status: protocol?.status ?? data?.httpStatus,
    ...(protocol ? { code: protocol.code, retryable: protocol.retryable } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    ...(protocol?.boundTo ? { boundTo: protocol.boundTo } : {}),
  };
}
