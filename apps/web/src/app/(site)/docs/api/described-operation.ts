// The slice of an OpenAPI operation this page renders (the same object /api/v1/openapi.json
// serves). Its examples' requests are read by @once/api's `operationExamples`.
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
