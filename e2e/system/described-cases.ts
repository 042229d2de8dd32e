// The documented cases of the served OpenAPI description, as this test sends them: for every
// answer example, the request of the same name (read by @once/api's `documentExamples`, the same
// reading /docs/api shows as curl), the operation type its key is scoped to, and the headers the
// answer must carry.
import { documentExamples, operationTypeAt, type ExampleRequest } from "@once/api/rest";

export type Json = Record<string, unknown>;
type HeaderObject = { required?: boolean; schema?: { pattern?: string; const?: string; enum?: string[] } } | { $ref: string };

export interface DescribedCase extends Omit<ExampleRequest, "answerHeaders"> {
  /** The operation type the key is scoped to (the registry's types), for the operations. */
  operation: string | null;
  /** Declared answer headers: name (lower case) → required, and the pattern/const it must match. */
  answerHeaders: Record<string, { required: boolean; pattern?: RegExp }>;
}

export function describedCases(doc: Json): DescribedCase[] {
  const components = doc.components as { headers?: Record<string, HeaderObject> };
  const resolve = (h: HeaderObject) => ("$ref" in h ? components.headers![h.$ref.split("/").pop()!]! : h) as Exclude<HeaderObject, { $ref: string }>;
  return documentExamples(doc).map((example) => ({
    ...example,
    operation: operationTypeAt(example.path),
    answerHeaders: Object.fromEntries(
      Object.entries(example.answerHeaders as Record<string, HeaderObject>).map(([h, declared]) => {
        const { required, schema } = resolve(declared);
        const literal = schema?.const ?? schema?.enum?.[0];
        const pattern = schema?.pattern ? new RegExp(schema.pattern) : literal ? new RegExp(`^${literal}$`) : undefined;
        return [h.toLowerCase(), { required: required === true, pattern }];
      }),
    ),
  }));
}

/** Values the server mints per request (ids, numbers, instants, waits): compared by type only. */
const MINTED = new Set(["id", "number", "resultId", "token", "expiresIn", "retryAfter"]);
/** Instants ("createdAt", "cancelledAt", …) are minted too. */
const isMinted = (key: string) => MINTED.has(key) || key.endsWith("At");

/** The answer with every minted value replaced by the example's, once its type matched. */
export function withMintedFrom(actual: unknown, example: unknown): unknown {
  if (Array.isArray(actual) || typeof actual !== "object" || actual === null || typeof example !== "object" || example === null) return actual;
  const expected = example as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(actual as Json)) {
    const minted = isMinted(key) || (key === "detail" && expected.code === "INTERNAL");
    out[key] = minted && typeof value === typeof expected[key] ? expected[key] : withMintedFrom(value, expected[key]);
  }
  return out;
}
