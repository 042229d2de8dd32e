// One documented case of an operation: the request that produces it and the answer it gets,
// under one example name. The document turns a list of cases into the operation's request and
// response examples (grouped by status), so every case an outside developer reads is one the
// replay test (e2e/system/openapi-examples.test.ts) sends to a production node.
//
// A request is described with the standard example fields wherever it is valid: the request
// body example and the parameter examples of the same name. A request that breaks the
// description (a malformed key, an invalid body, the wrong media type, no session) cannot be a
// standard example, since linters check those against the schemas, so the answer's example
// carries it in the extension `x-request`.

export interface InvalidRequest {
  /** Headers sent instead of, or besides, the described ones. */
  headers?: Record<string, string>;
  /** A body that breaks the schema, sent as JSON text (a string as it is). */
  body?: unknown;
  /** Path or query parameters that break the schema. */
  params?: Record<string, string>;
  /** No session (no Authorization header, no cookie). */
  anonymous?: true;
}

export interface ExampleCase {
  /** The example name shared by the request and the response examples of this case. */
  name: string;
  summary: string;
  /** What must have happened before (prose; the replay test sets it up by name). */
  description?: string;
  status: number;
  /** The Idempotency-Key header of a valid request. */
  key?: string;
  /** A valid request body. */
  body?: unknown;
  /** Valid path and query parameters by name. */
  params?: Record<string, string>;
  invalid?: InvalidRequest;
  /** The answer's body. */
  response: unknown;
}

interface ExampleObject {
  summary: string;
  description?: string;
  value: unknown;
  "x-request"?: InvalidRequest;
}

const example = (c: ExampleCase, value: unknown): ExampleObject => ({
  summary: c.summary,
  ...(c.description ? { description: c.description } : {}),
  value,
});

/** The response examples of one status. */
export function responseExamples(cases: readonly ExampleCase[], status: number): Record<string, ExampleObject> {
  return Object.fromEntries(
    cases.filter((c) => c.status === status).map((c) => [c.name, { ...example(c, c.response), ...(c.invalid ? { "x-request": c.invalid } : {}) }]),
  );
}

/** The request body examples (valid bodies only). */
export function bodyExamples(cases: readonly ExampleCase[]): Record<string, ExampleObject> {
  return Object.fromEntries(cases.filter((c) => c.body !== undefined).map((c) => [c.name, example(c, c.body)]));
}

/** The examples of one parameter (`Idempotency-Key` or a path or query parameter). */
export function parameterExamples(cases: readonly ExampleCase[], parameter: string): Record<string, { summary: string; value: string }> {
  const valueOf = (c: ExampleCase) => (parameter === "Idempotency-Key" ? c.key : c.params?.[parameter]);
  return Object.fromEntries(cases.flatMap((c) => (valueOf(c) === undefined ? [] : [[c.name, { summary: c.summary, value: valueOf(c)! }]])));
}

/** The statuses the cases cover, in order. */
export const statusesOf = (cases: readonly ExampleCase[]) => [...new Set(cases.map((c) => c.status))].sort((a, b) => a - b);
