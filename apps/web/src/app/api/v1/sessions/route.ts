import { createSessionHandler } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
export const POST = (request: Request) => createSessionHandler(request, restDeps());
