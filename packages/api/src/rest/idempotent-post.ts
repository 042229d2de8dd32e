// The POST handler of an operation's REST endpoint (built per definition by ./operation-routes.ts).
// The same operation objects as the tRPC procedures, run through the same runOnce; only the
// transport differs. Path parameters ("{number}") join the body's fields before validation.
import type { z } from "zod/mini";
import type { Prisma } from "@once/db";
import { operationResponse, readJsonBody, readOperationKey } from "@once/idempotency/http";
import { runOnce, type IdempotentOperation } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { authenticateCustomer } from "./authenticate.ts";
import { withProblemResponses } from "./handle-errors.ts";
import { spendCreateBudget } from "./spend-budget.ts";
import { parseOrRefuse } from "./validate.ts";
import type { RestDeps } from "./rest-context.ts";

export function idempotentPostHandler<Schema extends z.ZodMiniObject, Body>(
  schema: Schema,
  operation:
    | IdempotentOperation<z.output<Schema>, Body, Prisma.TransactionClient>
    | ((deps: RestDeps, request: Request) => IdempotentOperation<z.output<Schema>, Body, Prisma.TransactionClient>),
) {
  return (request: Request, deps: RestDeps, params: Record<string, string> = {}): Promise<Response> =>
    withProblemResponses(request, deps, async () => {
      const { principal } = await authenticateCustomer(request, deps.sessionSecret);
      const op = typeof operation === "function" ? operation(deps, request) : operation;
      const lookedUp = await spendCreateBudget(request, deps, principal, op.type);

      const body = await readJsonBody(request, deps.maxBodyBytes);
      const key = readOperationKey(request.headers, body);
      const fields = Object.keys(params).length > 0 && typeof body === "object" && body !== null ? { ...body, ...params } : body;
      const input = parseOrRefuse(schema, fields, "the body does not match the schema");
      // The budget's look-up of this key, when it made one: a replay is answered from it.
      const found = lookedUp?.key === key ? lookedUp.found : undefined;
      const result = await runOnce(recordStore(deps.prisma), op, { principal, key, input, found }, deps.idempotency);
      deps.log?.("operation", { type: op.type, replayed: result.replayed, status: result.status });
      return operationResponse(result);
    });
}
