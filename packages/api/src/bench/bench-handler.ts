// POST /api/bench/{plain|seed000}: the benchmark's baselines over the same HTTP stack as the
// real endpoints (same session check, body reading and validation). See src/bench/baselines.ts.
import { AppError } from "../app-error.ts";
import { readJsonBody, readOperationKey } from "@once/idempotency/http";
import { insertLeadWithoutProtocol, submitLeadSeed000Style } from "./baselines.ts";
import { leadInputSchema } from "../lead/lead-schema.ts";
import { clientAddressOf } from "../limits/client-address.ts";
import { spendWriteBudget } from "../limits/write-budget.ts";
import { authenticateCustomer } from "../rest/authenticate.ts";
import { withProblemResponses } from "../rest/handle-errors.ts";
import { parseOrRefuse } from "../rest/validate.ts";
import type { RestDeps } from "../rest/rest-context.ts";

export function benchBaselineHandler(request: Request, variant: string, deps: RestDeps): Promise<Response> {
  return withProblemResponses(request, deps, async () => {
    const { principal } = await authenticateCustomer(request, deps.sessionSecret);
    // The same write budget as the real endpoints: the ratios measure the protocol alone.
    await spendWriteBudget(deps.limits, principal, clientAddressOf(request.headers));
    const body = await readJsonBody(request, deps.maxBodyBytes);
    const key = readOperationKey(request.headers, body);
    const input = parseOrRefuse(leadInputSchema, body, "invalid lead");
    const run = variant === "plain" ? insertLeadWithoutProtocol : variant === "seed000" ? submitLeadSeed000Style : null;
    if (!run) throw new AppError("NOT_FOUND", "unknown baseline");
    const result = await run(deps.prisma, principal, key, input);
    return Response.json(result.body, { status: result.status });
  });
}
