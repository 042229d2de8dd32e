import { postLead, postOnly } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export const POST = (request: Request) => postLead(request, restDeps());
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = postOnly();
