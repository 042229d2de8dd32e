// Benchmark baselines (`pnpm bench:idempotency`). The `.bench.ts` name keeps this route out of
// every normal build: only a bench build (ONCE_BENCH_BUILD=1, see next.config.ts) has it.
import { benchBaselineHandler } from "@once/api/bench";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export async function POST(request: Request, { params }: { params: Promise<{ variant: string }> }) {
  return benchBaselineHandler(request, (await params).variant, restDeps());
}
