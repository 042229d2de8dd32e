import { postOrder, postOnly } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export const POST = (request: Request) => postOrder(request, restDeps());
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = postOnly();
