// The REST API's reference, rendered from its OpenAPI description (the same object served at
// /api/v1/openapi.json): every operation with its parameters, answers and documented cases.
// English, with a short summary in Chinese for the shop's other language.
import { buildOpenApiDocument } from "@once/api/rest";
import type { DescribedOperation } from "./described-operation";
import { OperationSection } from "./operation-section";

export const metadata = { title: "REST API" };

export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const schemaOf = (schema: unknown) => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref ? schemas[ref.split("/").pop()!] : schema;
  };
  const paths = doc.paths as Record<string, Record<string, DescribedOperation>>;
  return (
    <article className="api-docs legacy-ui">
      <h1>{doc.info.title}</h1>
      {doc.info.description?.split("\n\n").map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      <p>
        Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1</a> and <a href="/api/v1/openapi-3.0.json">OpenAPI 3.0</a>. Contact:{" "}
        <a href={`mailto:${doc.info.contact?.email}`}>{doc.info.contact?.email}</a>.
      </p>
      <section lang="zh-CN" aria-labelledby="zh-summary">
        <h2 id="zh-summary">中文摘要</h2>
        <p>
          每个意图生成一个操作密钥（Idempotency-Key，推荐
          UUIDv4），重试时原样重发同一密钥和同一请求：无论发送多少次，最多产生一个订单或咨询，每次都得到第一次的结果（带
          <code>Idempotent-Replayed: true</code>）。没有收到回答时，可用 <code>GET /api/v1/operations/{"{key}"}</code> 查询结果；<code>404</code>
          表示服务器从未提交，请用同一密钥重发。所有错误都是 <code>application/problem+json</code>，<code>code</code> 字段稳定，<code>retryable</code>
          表示是否可以原样重试。完整说明见 docs/API.md 的“中文摘要”。
        </p>
      </section>
      <h2>Quick start</h2>
      <pre>{`import { createOnceClient } from "@once/client";

const client = createOnceClient({ baseUrl: "https://shop.example.com" });
await client.createSession();
const order = await client.createOrder({ item: "sample-guide", quantity: 1 });
if (order.ok) console.log(order.data.number, order.replayed);
else console.log(order.error.code, "- keep order.key to look it up:", order.key);`}</pre>
      <pre>{`TOKEN=$(curl -s -X POST $BASE/api/v1/sessions | sed -E 's/.*"token":"([^"]+)".*/\\1/')
KEY=$(uuidgen)   # one key per intent; reuse it on every retry
curl -i -X POST $BASE/api/v1/orders -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' -H "Idempotency-Key: $KEY" \\
  -d '{"item":"sample-guide","quantity":1}'
curl -s "$BASE/api/v1/operations/$KEY?type=order" -H "Authorization: Bearer $TOKEN"`}</pre>
      {Object.entries(paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => <OperationSection key={`${method} ${path}`} method={method} path={path} op={op} schemaOf={schemaOf} />),
      )}
    </article>
  );
}
