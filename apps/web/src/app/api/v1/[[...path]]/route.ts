// Every path under /api/v1 without a route of its own: the operations' endpoints, derived from
// their definitions (@once/api/rest operationEndpoint: POST runs the operation, another method
// is a 405 with Allow), and for any other path a problem+json 404, not the web app's HTML page.
import { operationEndpoint } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";

/** The path's segments after /api/v1 ("/api/v1/orders" → ["orders"]). */
const segmentsOf = (request: Request) => new URL(request.url).pathname.split("/").filter(Boolean).slice(2);
const handle = (request: Request) => operationEndpoint(request, segmentsOf(request), restDeps);

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
