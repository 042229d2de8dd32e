// Benchmark baselines; 404 unless the node was started with BENCH_ENDPOINTS=1.
import { benchBaselineHandler } from "@once/api/rest";
import { env } from "~/env";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export async function POST(request: Request, { params }: { params: Promise<{ variant: string }> }) {
  if (!env.BENCH_ENDPOINTS) return new Response(null, { status: 404 });
  return benchBaselineHandler(request, (await params).variant, restDeps());
}
