// The operations' REST endpoints as the /api/v1 catch-all serves them: found by their
// definition's path, another method is a 405 with Allow, any other path a 404 (all problem
// documents, as before the endpoints were derived). No database: nothing here reaches one.
import { describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { definitionList } from "../definitions/index.ts";
import { OPERATION_ROUTE_TEMPLATES, operationEndpoint, operationTypeAt } from "./operation-routes.ts";
import type { RestDeps } from "./rest-context.ts";

const deps = (): RestDeps => ({ prisma: {} as PrismaClient, sessionSecret: "operation-routes-test-secret-0123456789", secureCookies: false });
const at = (method: string, path: string) => new Request(`http://localhost/api/v1${path}`, { method });
const segments = (path: string) => path.split("/").filter(Boolean);

describe("the operations' REST endpoints", () => {
  it.each(definitionList().map((d) => d.rest.path))("%s answers another method with 405 and Allow: POST, OPTIONS", async (path) => {
    const response = await operationEndpoint(at("GET", path), segments(path), deps);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(((await response.json()) as { code: string }).code).toBe("METHOD_NOT_ALLOWED");
  });

  it.each(definitionList().map((d) => d.rest.path))("%s refuses a POST without a session (401), through the operation's handler", async (path) => {
    const response = await operationEndpoint(at("POST", path), segments(path), deps);
    expect(response.status).toBe(401);
  });

  it("answers a path that names no endpoint with a 404 problem document", async () => {
    const response = await operationEndpoint(at("POST", "/orders/extra"), ["orders", "extra"], deps);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  it("names each endpoint's route template and operation type", () => {
    expect(OPERATION_ROUTE_TEMPLATES).toEqual(expect.arrayContaining(["/api/v1/orders", "/api/v1/leads"]));
    expect(operationTypeAt("/api/v1/orders")).toBe("order");
    expect(operationTypeAt("/api/v1/leads")).toBe("lead");
    expect(operationTypeAt("/api/v1/sessions")).toBeNull();
  });
});
