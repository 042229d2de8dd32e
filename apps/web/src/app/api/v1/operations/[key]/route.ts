import { getOnly, getOperationHandler } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export async function GET(request: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  return getOperationHandler(request, key, restDeps());
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = getOnly();
