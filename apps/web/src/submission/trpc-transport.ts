// The wire under the submissions: the protocol's transport (@once/idempotency/client) over
// this app's tRPC client. It sends each operation type to its procedure and reads a tRPC
// error in the contract's terms; what the answers mean is the package's classification.
import { TRPCClientError, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "@once/api/client";
import type { AttemptFailure, OperationTransport } from "@once/idempotency/client";
import type { ProtocolErrorData } from "@once/idempotency/trpc";
import type { OperationType } from "./operations";

type Procedure = (
  client: TRPCClient<AppRouter>,
  input: Record<string, unknown> & { idempotencyKey: string },
) => Promise<{ result: unknown; replayed: boolean }>;

// The procedure of each operation type. Typed by the registry: a type added there does not
// compile until it is given its procedure here.
const procedures: Record<OperationType, Procedure> = {
  order: (client, input) => client.order.create.mutate(input as Parameters<typeof client.order.create.mutate>[0]),
  lead: (client, input) => client.lead.submit.mutate(input as Parameters<typeof client.lead.submit.mutate>[0]),
};

export function trpcTransport(client: TRPCClient<AppRouter>): OperationTransport<OperationType> {
  return {
    async send(operation) {
      const answer = await procedures[operation.type](client, { ...operation.params, idempotencyKey: operation.key });
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
