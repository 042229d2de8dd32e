// Every operation of the registry has its one definition, with every part: a missing REST
// path, OpenAPI text or case, rejection example, settings entry or procedure fails here, not
// in production. Pure: no database.
import { describe, expect, it } from "vitest";
import { appRouter } from "../root.ts";
import { OPERATION_TYPES, operations, procedurePath } from "../registry.ts";
import { buildOpenApiDocument } from "../rest/openapi/document.ts";
import { OPERATION_ROUTE_TEMPLATES } from "../rest/operation-routes.ts";
import { DEFINITIONS, definitionList, operationFor, type ServerOperation } from "./index.ts";
import { DEFAULT_OPERATION_SETTINGS, operationSettingsSchema } from "./settings.ts";

const call = { clientAddress: "192.0.2.1" };

describe.each(OPERATION_TYPES)("the definition of %s", (type) => {
  const definition = DEFINITIONS[type] as ServerOperation;
  const spec = operations.specs[type];

  it("has its browser-safe half: input schema, fingerprint fields and a procedure path", () => {
    expect(typeof spec.input["~standard"].validate).toBe("function");
    expect(spec.fingerprint.fields.length).toBeGreaterThan(0);
    expect(spec.procedure).toHaveLength(2);
    expect(spec.procedure.every((part) => /^[a-z][A-Za-z]*$/.test(part))).toBe(true);
  });

  it("is built as a mutation at that path of the app's router", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
    expect(procedures[procedurePath(type)]?._def.type).toBe("mutation");
  });

  it("names its own type, an entry of the settings record, and builds the registry's operation", () => {
    expect(definition.type).toBe(type);
    expect(Object.keys(operationSettingsSchema.shape)).toContain(definition.settings);
    const operation = operationFor(definition, DEFAULT_OPERATION_SETTINGS, call);
    expect(operation.type).toBe(type);
    expect(operation.fingerprint).toBe(spec.fingerprint);
    expect(typeof operation.execute).toBe("function");
  });

  it("has a REST method and path, and its route template for the metrics", () => {
    expect(definition.rest.method).toBe("POST");
    expect(definition.rest.path).toMatch(/^(\/([a-z-]+|\{\w+\}))+$/);
    expect(OPERATION_ROUTE_TEMPLATES).toContain(`/api/v1${definition.rest.path.replace(/\{(\w+)\}/g, "[$1]")}`);
  });

  it("has its OpenAPI text, schemas and cases, one for each of its rejections, and is in the document", () => {
    const { openapi } = definition;
    for (const text of [openapi.operationId, openapi.tag, openapi.summary, openapi.description]) expect(text.trim()).not.toBe("");
    expect(openapi.input).toBeDefined();
    expect(openapi.output).toBeDefined();
    expect(openapi.cases.some((c) => c.status < 300)).toBe(true);
    const documented = new Set(openapi.cases.map((c) => (c.response as { code?: string }).code));
    for (const code of definition.rejections) expect(documented, code).toContain(code);
    const path = buildOpenApiDocument().paths?.[`/api/v1${definition.rest.path}`];
    expect(path?.post?.operationId).toBe(openapi.operationId);
  });
});

describe("the definitions", () => {
  it("are one per registry type, with distinct paths, procedures and operation ids", () => {
    expect(Object.keys(DEFINITIONS).sort()).toEqual([...OPERATION_TYPES].sort());
    const list = definitionList();
    for (const part of [
      (d: (typeof list)[number]) => d.rest.path,
      (d: (typeof list)[number]) => d.openapi.operationId,
      (d: (typeof list)[number]) => procedurePath(d.type),
    ]) {
      expect(new Set(list.map(part)).size).toBe(list.length);
    }
  });

  it("take their settings from one record that refuses a missing entry", () => {
    expect(operationSettingsSchema.safeParse(DEFAULT_OPERATION_SETTINGS).success).toBe(true);
    expect(operationSettingsSchema.safeParse({ order: DEFAULT_OPERATION_SETTINGS.order }).success).toBe(false);
  });
});
