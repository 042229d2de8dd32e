// Any path under /api/v1 that names no endpoint: a problem+json 404 for every method, not the
// web app's HTML page (the endpoints' own routes take precedence over this catch-all).
import { unknownEndpoint } from "@once/api/rest";

export const dynamic = "force-dynamic";
export const GET = unknownEndpoint;
export const HEAD = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
export const OPTIONS = unknownEndpoint;
