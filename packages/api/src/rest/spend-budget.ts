// Which budget a create request spends: a key that already has a stored outcome is answered
// from it and runs nothing (a replay, a conflict, an expired key), so it spends the generous
// replay budget; anything else may execute and spends the write budget. Decided before the
// body is read, so a request that fails later (bad JSON, bad fields) has still paid.
import { readOperationKey } from "@once/idempotency/http";
import type { RestDeps } from "./rest-context.ts";
import { clientAddressOf } from "../limits/client-address.ts";
import { spendReplayBudget, spendWriteBudget } from "../limits/write-budget.ts";
import { recordStore } from "../operation/record-store.ts";

export async function spendCreateBudget(request: Request, deps: RestDeps, principal: string, operation: string): Promise<void> {
  if (!deps.limits) return;
  const address = clientAddressOf(request.headers);
  const key = headerKey(request.headers);
  const stored = key !== null && (await recordStore(deps.prisma).find({ principal, operation }, key)) !== null;
  await (stored ? spendReplayBudget : spendWriteBudget)(deps.limits, principal, address);
}

/** The Idempotency-Key header's key, or null when it is absent or malformed (refused later). */
function headerKey(headers: Headers): string | null {
  try {
    return readOperationKey(headers, undefined);
  } catch {
    return null;
  }
}
