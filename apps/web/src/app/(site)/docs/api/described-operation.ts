// The slice of an OpenAPI operation this page renders, and the request each example case
// sends, read back from the document (the same object /api/v1/openapi.json serves).
/** The language the OpenAPI texts (summaries, descriptions, examples) are written in. */
export const DOCUMENT_LANG = "en";

type Example = {
  summary?: string;
  description?: string;
  value?: unknown;
  "x-request"?: { headers?: Record<string, string>; body?: unknown; params?: Record<string, string>; anonymous?: boolean };
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; examples?: Record<string, { value?: string }> };
type Media = { schema?: unknown; examples?: Record<string, Example> };

export type DescribedOperation = {
  operationId: string;
  tags?: string[];
  summary: string;
  description: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> }>;
};

export interface ExampleCase {
  name: string;
  status: string;
  summary: string;
  description?: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown; anonymous: boolean };
  response: unknown;
}

/** Every answer example of an operation with the request of the same name. */
export function exampleCases(method: string, path: string, op: DescribedOperation): ExampleCase[] {
  const bodies = op.requestBody?.content["application/json"]?.examples ?? {};
  return Object.entries(op.responses).flatMap(([status, response]) =>
    Object.entries(Object.values(response.content ?? {})[0]?.examples ?? {}).map(([name, example]) => {
      const invalid = example["x-request"] ?? {};
      const value = (p: Parameter): string | undefined => invalid.params?.[p.name] ?? p.examples?.[name]?.value;
      const params = op.parameters ?? [];
      let url = path;
      for (const p of params.filter((p) => p.in === "path")) url = url.replace(`{${p.name}}`, value(p) ?? `{${p.name}}`);
      const query = params.filter((p) => p.in === "query" && value(p) !== undefined).map((p) => `${p.name}=${value(p)}`);
      const headers: Record<string, string> = {};
      for (const p of params.filter((p) => p.in === "header" && value(p) !== undefined)) headers[p.name] = value(p)!;
      const body = invalid.body ?? bodies[name]?.value;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      Object.assign(headers, invalid.headers);
      return {
        name,
        status,
        summary: example.summary ?? name,
        description: example.description,
        request: {
          method: method.toUpperCase(),
          url: `${url}${query.length ? `?${query.join("&")}` : ""}`,
          headers,
          body,
          anonymous: invalid.anonymous === true || !op.security?.length,
        },
        response: example.value,
      };
    }),
  );
}
