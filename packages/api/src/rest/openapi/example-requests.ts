// Every answer example of an OpenAPI description with the request of the same name, read back
// from the document itself: the standard request examples (parameters and body of that name), or
// the example's `x-request` where that request breaks the description (./example-case.ts). One
// reading for both of its readers: /docs/api shows each request as a curl command, and
// e2e/system/openapi-examples.test.ts sends it to a production node, so what a developer copies
// is what the test proved.

type ExampleObject = {
  summary?: string;
  description?: string;
  value?: unknown;
  "x-request"?: { headers?: Record<string, string>; body?: unknown; params?: Record<string, string>; anonymous?: boolean };
};
type Parameter = { name: string; in: string; examples?: Record<string, { value?: string }> };

/** The part of an OpenAPI operation the examples are read from. */
export interface ExampleSource {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value?: unknown }> }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { examples?: Record<string, ExampleObject> }> }>;
}

export interface ExampleRequest {
  operationId: string;
  /** The path as the document names it ("/api/v1/orders/{number}/cancellation"). */
  path: string;
  name: string;
  summary: string;
  description?: string;
  method: string;
  /** The path with its parameters filled in, and the query. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent (JSON text), if any. */
  body?: string;
  /** Sent without a session. */
  anonymous: boolean;
  status: number;
  mediaType: string;
  /** The answer's declared headers, as the document has them (possibly `$ref`s). */
  answerHeaders: Record<string, unknown>;
  /** The answer's body. */
  answer: unknown;
}

/** The examples of one operation, in the order of its answers. */
export function operationExamples(path: string, method: string, op: ExampleSource): ExampleRequest[] {
  const bodies = op.requestBody?.content["application/json"]?.examples ?? {};
  return Object.entries(op.responses).flatMap(([status, response]) => {
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
    return Object.entries(media?.examples ?? {}).map(([name, example]): ExampleRequest => {
      const invalid = example["x-request"] ?? {};
      let url = path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const p of op.parameters ?? []) {
        const value = invalid.params?.[p.name] ?? p.examples?.[name]?.value;
        if (value === undefined) continue;
        if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
        else if (p.in === "query") query.set(p.name, value);
        else headers[p.name] = value;
      }
      const bodyValue = invalid.body !== undefined ? invalid.body : bodies[name]?.value;
      const body = bodyValue === undefined ? undefined : typeof bodyValue === "string" ? bodyValue : JSON.stringify(bodyValue);
      if (body !== undefined) headers["Content-Type"] = "application/json";
      Object.assign(headers, invalid.headers);
      return {
        operationId: op.operationId,
        path,
        name,
        summary: example.summary ?? name,
        description: example.description,
        method: method.toUpperCase(),
        url: `${url}${query.size ? `?${query}` : ""}`,
        headers,
        body,
        anonymous: invalid.anonymous === true || !op.security?.length,
        status: Number(status),
        mediaType: mediaType ?? "",
        answerHeaders: response.headers ?? {},
        answer: example.value,
      };
    });
  });
}

/** The examples of every operation of the document. */
export function documentExamples(doc: { paths?: unknown }): ExampleRequest[] {
  return Object.entries((doc.paths ?? {}) as Record<string, Record<string, ExampleSource>>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => operationExamples(path, method, op)),
  );
}
