import { buildOpenApiDocument } from "@once/api/rest";

export const dynamic = "force-static";
export const GET = () => Response.json(buildOpenApiDocument());
