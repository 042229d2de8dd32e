// GET /api/v1/operations/{key}[?type=<operation type>]: the look-up of the caller's own operation, or 404.
import { IdempotencyError, isOperationKey, OPERATION_KEY_DESCRIPTION } from "@once/idempotency";
import { AppError } from "../app-error.ts";
import { OPERATION_TYPES, type OperationType } from "../registry.ts";
import { findOperation } from "../records/find-operation.ts";
import { authenticateCustomer } from "./authenticate.ts";
import { withProblemResponses } from "./handle-errors.ts";
import type { RestDeps } from "./rest-context.ts";

export function getOperationHandler(request: Request, key: string, deps: RestDeps): Promise<Response> {
  return withProblemResponses(request, deps, async () => {
    const { principal } = await authenticateCustomer(request, deps.sessionSecret);
    if (!isOperationKey(key)) throw new IdempotencyError("IDEMPOTENCY_KEY_INVALID", `the key must be ${OPERATION_KEY_DESCRIPTION}`);
    const type = new URL(request.url).searchParams.get("type");
    if (type !== null && !(OPERATION_TYPES as readonly string[]).includes(type)) {
      throw new IdempotencyError("VALIDATION_FAILED", `type must be one of ${OPERATION_TYPES.join(", ")}`, { fields: { type: ["unknown operation type"] } });
    }
    const found = await findOperation(deps.prisma, principal, key, (type as OperationType | null) ?? undefined);
    if (!found) throw new AppError("NOT_FOUND", "no operation of yours has this key");
    return Response.json(found, { headers: { "cache-control": "no-store" } });
  });
}
