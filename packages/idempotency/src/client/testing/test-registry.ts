// A small application registry for the client's tests: an order (whose contact is personal)
// and an inquiry, validated by zod/mini schemas that trim text like the real ones.
import { z } from "zod/mini";
import { defineOperations } from "../../shared/operation-registry.ts";

const text = z.string().check(z.trim(), z.minLength(1));

export const testOperations = defineOperations({
  order: {
    input: z.object({ item: text, quantity: z.int(), contact: z.nullish(z.object({ name: text, phone: text })) }),
    fingerprint: { fields: ["item", "quantity", "contact"] },
  },
  lead: {
    input: z.object({ name: text, message: text }),
    fingerprint: { fields: ["name", "message"] },
  },
});

export type TestType = (typeof testOperations.types)[number];

export interface TestResult {
  id: string;
  number: string;
  replayed: boolean;
}

export const toTestResult = ({ body, replayed }: { body: unknown; replayed: boolean }): TestResult => {
  const { id, number } = body as { id: string; number: string };
  return { id, number, replayed };
};
