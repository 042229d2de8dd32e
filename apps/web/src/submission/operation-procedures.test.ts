import { describe, expect, it } from "vitest";
import { appRouter } from "@once/api";
import { operations } from "./registry";
import { OPERATION_PROCEDURES } from "./operation-procedures";

describe("the service worker's procedures", () => {
  it("name a mutation of the app's router for every operation type", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
    for (const type of operations.types) expect(procedures[OPERATION_PROCEDURES[type]]?._def.type).toBe("mutation");
  });
});
