// Staff sign-in, sign-out and session endpoints (better-auth).
import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "~/server/auth";

export const dynamic = "force-dynamic";
const handler = (request: Request) => getAuth().handler(request);
export const { GET, POST } = toNextJsHandler(handler);
