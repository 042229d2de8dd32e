// Reads the documented cases back from the served OpenAPI description: for every answer
// example, the request of the same name (standard request examples, or the example's
// `x-request` when that request breaks the description) and the answer it must get.
import { operationTypeAt } from "@once/api/rest";

export type Json = Record<string, unknown>;
type ExampleObject = {
  summary?: string;
  value?: unknown;
  "x-request"?: { headers?: Record<string, string>; body?: unknown; params?: Record<string, string>; anonymous?: boolean };
};
type Parameter = { name: string; in: "header" | "path" | "query"; examples?: Record<string, { value: string }> };
type HeaderObject = { required?: boolean; schema?: { pattern?: string; const?: string; enum?: string[] } } | { $ref: string };
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { headers?: Record<string, HeaderObject>; content?: Record<string, { examples?: Record<string, ExampleObject> }> }>;
};

export interface DescribedCase {
  operationId: string;
  name: string;
  method: string;
  /** The path with its parameters filled in, and the query. */
  url: string;
  /** The operation type the key is scoped to (the registry's types), for the operations. */
  operation: string | null;
  headers: Record<string, string>;
  /** The body as sent (JSON text), if any. */
  body?: string;
  anonymous: boolean;
  status: number;
  mediaType: string;
  /** Declared answer headers: name (lower case) → required, and the pattern/const it must match. */
  answerHeaders: Record<string, { required: boolean; pattern?: RegExp }>;
  answer: unknown;
}

export function describedCases(doc: Json): DescribedCase[] {
  const components = doc.components as { headers?: Record<string, HeaderObject> };
  const resolve = (h: HeaderObject) => ("$ref" in h ? components.headers![h.$ref.split("/").pop()!]! : h) as Exclude<HeaderObject, { $ref: string }>;
  const cases: DescribedCase[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const bodies = op.requestBody?.content["application/json"]?.examples ?? {};
      for (const [status, response] of Object.entries(op.responses)) {
        const [mediaType, media] = Object.entries(response.content ?? {})[0]!;
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          const invalid = example["x-request"] ?? {};
          const value = (p: Parameter) => invalid.params?.[p.name] ?? p.examples?.[name]?.value;
          let url = path;
          const query = new URLSearchParams();
          const headers: Record<string, string> = {};
          for (const p of op.parameters ?? []) {
            const v = value(p);
            if (v === undefined) continue;
            if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(v));
            else if (p.in === "query") query.set(p.name, v);
            else headers[p.name] = v;
          }
          const bodyValue = invalid.body !== undefined ? invalid.body : bodies[name]?.value;
          const body = bodyValue === undefined ? undefined : typeof bodyValue === "string" ? bodyValue : JSON.stringify(bodyValue);
          if (body !== undefined) headers["Content-Type"] = "application/json";
          Object.assign(headers, invalid.headers);
          const answerHeaders = Object.fromEntries(
            Object.entries(response.headers ?? {}).map(([h, declared]) => {
              const { required, schema } = resolve(declared);
              const literal = schema?.const ?? schema?.enum?.[0];
              const pattern = schema?.pattern ? new RegExp(schema.pattern) : literal ? new RegExp(`^${literal}$`) : undefined;
              return [h.toLowerCase(), { required: required === true, pattern }];
            }),
          );
          cases.push({
            operationId: op.operationId,
            name,
            method: method.toUpperCase(),
            url: `${url}${query.size ? `?${query}` : ""}`,
            operation: operationTypeAt(path),
            headers,
            body,
            anonymous: invalid.anonymous === true || !op.security?.length,
            status: Number(status),
            mediaType,
            answerHeaders,
            answer: example.value,
          });
        }
      }
    }
  }
  return cases;
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
