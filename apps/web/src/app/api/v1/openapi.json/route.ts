import { buildOpenApiDocument, getOnly } from "@once/api/rest";

export const dynamic = "force-static";
export const GET = () => Response.json(buildOpenApiDocument("3.1.0"));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = getOnly();
