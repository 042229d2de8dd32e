// Which budget a create request spends: a key that already has a stored outcome is answered
// from it and runs nothing (a replay, a conflict, an expired key), so it spends the generous
// replay budget; anything else may execute and spends the write budget. Decided before the
// body is read, so a request that fails later (bad JSON, bad fields) has still paid. The key's
// look-up and the spend it decides are one statement (RateLimits.takeAfterLookUp), and the
// record is handed on to runOnce (`found`), which answers a replay from it without opening a
// transaction and takes a fresh key straight to its claim.
import { readOperationKey } from "@once/idempotency/http";
import type { OperationRecord } from "@once/idempotency/server";
import type { RestDeps } from "./rest-context.ts";
import { clientAddressOf } from "../limits/client-address.ts";
import { refuseOverBudget, replayUnits, spendWriteBudget, writeUnits } from "../limits/write-budget.ts";
import { operationRecordLookUp } from "../records/record-store.ts";

/**
 * Spends the request's budget; returns the record of the Idempotency-Key header's key (null:
 * none yet) when it was looked up for that, undefined otherwise (no limits, no valid header).
 */
export async function spendCreateBudget(
  request: Request,
  deps: RestDeps,
  principal: string,
  operation: string,
): Promise<{ key: string; found: OperationRecord | null } | undefined> {
  if (!deps.limits) return undefined;
  const address = clientAddressOf(request.headers);
  const key = headerKey(request.headers);
  if (key === null) {
    await spendWriteBudget(deps.limits, principal, address);
    return undefined;
  }
  const { row, waits } = await deps.limits.takeAfterLookUp(
    deps.prisma,
    { sql: operationRecordLookUp.sql, values: [principal, operation, key] },
    replayUnits(principal, address),
    writeUnits(principal, address),
  );
  const found = operationRecordLookUp.record(row);
  refuseOverBudget(waits, found ? "replays" : "requests");
  return { key, found };
}

/** The Idempotency-Key header's key, or null when it is absent or malformed (refused later). */
function headerKey(headers: Headers): string | null {
  try {
    return readOperationKey(headers, undefined);
  } catch {
    return null;
  }
}
