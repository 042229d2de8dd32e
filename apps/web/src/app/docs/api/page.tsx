// A readable rendering of the REST API's OpenAPI document (the same object served at
// /api/v1/openapi.json), with the contract's essentials on top.
import { buildOpenApiDocument } from "@once/api/rest";

export const metadata = { title: "REST API" };

type Operation = {
  summary?: string;
  parameters?: { name?: string; in?: string; $ref?: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { description: string }>;
};

export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  return (
    <article className="api-docs">
      <h1>{doc.info.title}</h1>
      <p>{doc.info.description}</p>
      <p>
        Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Every error is{" "}
        <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>code</code>,{" "}
        <code>detail</code> and <code>retryable</code>. A replay carries <code>Idempotent-Replayed: true</code>.
      </p>
      <h2>Quick start</h2>
      <pre>{`TOKEN=$(curl -s -X POST $BASE/api/v1/sessions | sed -E 's/.*"token":"([^"]+)".*/\\1/')
KEY=$(uuidgen)   # one key per intent; reuse it on every retry
curl -i -X POST $BASE/api/v1/orders -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' -H "Idempotency-Key: $KEY" \\
  -d '{"item":"sample-guide","quantity":1}'
curl -s "$BASE/api/v1/operations/$KEY?type=order" -H "Authorization: Bearer $TOKEN"`}</pre>
      {Object.entries(paths).map(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => (
          <section key={`${method} ${path}`} aria-labelledby={`${method}-${path}`}>
            <h2 id={`${method}-${path}`}>
              <code>
                {method.toUpperCase()} {path}
              </code>
            </h2>
            {op.summary ? <p>{op.summary}</p> : null}
            {op.requestBody ? (
              <details>
                <summary>Request body schema</summary>
                <pre>
                  {JSON.stringify(
                    (doc.components.schemas as Record<string, unknown>)[
                      Object.values(op.requestBody.content)[0]!.schema.$ref.split("/").pop()!
                    ],
                    null,
                    2,
                  )}
                </pre>
              </details>
            ) : null}
            <table>
              <thead>
                <tr>
                  <th scope="col">status</th>
                  <th scope="col">meaning</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(op.responses).map(([status, response]) => (
                  <tr key={status}>
                    <td>{status}</td>
                    <td>{response.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )),
      )}
    </article>
  );
}
