import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";

describe("OpenAPI document", () => {
  it("describes every endpoint of docs/API.md from the handlers' own schemas", () => {
    const doc = buildOpenApiDocument();
    expect(Object.keys(doc.paths).sort()).toEqual(["/api/v1/leads", "/api/v1/operations/{key}", "/api/v1/orders", "/api/v1/sessions"]);
    expect(doc.components.schemas.OrderInput).toMatchObject({ required: expect.arrayContaining(["item", "quantity"]), properties: { quantity: { maximum: 5 } } });
    expect(doc.components.schemas.LeadInput).toMatchObject({ properties: { name: { maxLength: 50 }, content: { maxLength: 1000 } } });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
