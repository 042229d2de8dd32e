// The same description as /api/v1/openapi.json, as OpenAPI 3.0 for tools that predate 3.1.
import { buildOpenApiDocument, getOnly } from "@once/api/rest";

export const dynamic = "force-static";
export const GET = () => Response.json(buildOpenApiDocument("3.0.3"));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = getOnly();
