import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document.ts";

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; required?: boolean; schema: { pattern?: string } }[];
  responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
};

const operationsOf = (doc: ReturnType<typeof buildOpenApiDocument>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ id: `${method} ${path}`, op })),
  );

describe("OpenAPI description", () => {
  it("describes every endpoint of docs/API.md from the handlers' own schemas", () => {
    const doc = buildOpenApiDocument();
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual([
      "/api/v1/leads",
      "/api/v1/operations/{key}",
      "/api/v1/orders",
      "/api/v1/orders/{number}/cancellation",
      "/api/v1/sessions",
    ]);
    // A path parameter is the input's own field, documented as a parameter and left out of the body.
    const cancel = doc.paths?.["/api/v1/orders/{number}/cancellation"]?.post as {
      parameters: { name: string; in: string; schema: { pattern?: string } }[];
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown>; required: string[] } } } };
    };
    expect(cancel.parameters.find((p) => p.in === "path")).toMatchObject({ name: "number", schema: { pattern: "^SO-[0-9]{6,10}$" } });
    expect(cancel.requestBody.content["application/json"].schema).toMatchObject({ required: ["reason"] });
    expect(Object.keys(cancel.requestBody.content["application/json"].schema.properties)).toEqual(["reason"]);
    const order = doc.paths?.["/api/v1/orders"]?.post?.requestBody as { content: { "application/json": { schema: unknown } } };
    expect(order.content["application/json"].schema).toMatchObject({
      required: expect.arrayContaining(["item", "quantity"]),
      properties: { quantity: { maximum: 5 } },
    });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("names, tags, secures and gives examples to every operation and every answer", () => {
    for (const version of ["3.1.0", "3.0.3"] as const) {
      const doc = buildOpenApiDocument(version);
      expect(doc.openapi).toBe(version);
      expect(doc.info).toMatchObject({ contact: expect.any(Object), license: expect.any(Object) });
      for (const { id, op } of operationsOf(doc)) {
        expect.soft(op, id).toMatchObject({
          operationId: expect.any(String),
          tags: [expect.any(String)],
          summary: expect.any(String),
          description: expect.any(String),
          security: expect.any(Array),
        });
        for (const [status, response] of Object.entries(op.responses)) {
          const examples = Object.values(response.content ?? {})[0]?.examples ?? {};
          expect.soft(Object.keys(examples).length, `${id} ${status}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("requires Idempotency-Key and accepts it bare or quoted, as the server does", () => {
    const doc = buildOpenApiDocument();
    for (const path of ["/api/v1/orders", "/api/v1/leads"] as const) {
      const key = (doc.paths?.[path]?.post as Operation).parameters!.find((p) => p.name === "Idempotency-Key")!;
      expect(key.required).toBe(true);
      const pattern = new RegExp(key.schema.pattern!);
      expect(pattern.test("5f3c8a2e-9b1d-4e7a-8c6f-1a2b3c4d5e6f")).toBe(true);
      expect(pattern.test('"lead_1732950000000_k3j9xq"')).toBe(true);
      expect(pattern.test("short")).toBe(false);
      expect(pattern.test('"unterminated')).toBe(false);
    }
  });
});
