// The REST API reference's own words (/docs/api), in both UI languages. Keys start with
// "apiDocs."; a key missing in one language fails the type check, as in ./messages.ts. A table
// of its own, not part of ./messages.ts: the root layout hands the whole customer table to the
// browser on every page (<I18nProvider>), and these words are needed on the server of one page.
// Values may hold Markdown (`code`, **strong**, links): the page renders them like the
// OpenAPI texts (docs/api/markdown-text.tsx).
import type { Locale } from "./messages";
import { translateWith, type TranslateWith } from "./translate";

const en = {
  "apiDocs.title": "Sample guides and inquiries API",
  "apiDocs.lead": "Create orders and inquiries from your own systems. Every request can safely be sent again: however often it arrives, it is counted once.",
  "apiDocs.version": "Version {version}",
  "apiDocs.openapi31": "OpenAPI 3.1 description (JSON)",
  "apiDocs.openapi30": "OpenAPI 3.0, for older tools",
  "apiDocs.contact": "Questions:",
  "apiDocs.toc": "On this page",
  "apiDocs.quickStart": "Quick start",
  "apiDocs.qs.lead": "Three requests with curl. `BASE` is this site's address.",
  "apiDocs.qs.session":
    "**1. Create a session.** Its token is the scope of your operation keys: send it as `Authorization: Bearer <token>` with every later request.",
  "apiDocs.qs.order":
    "**2. Order under a fresh operation key**, one per intent. When no answer comes (a timeout, a dropped connection, `409`, `429`, `5xx`), send the **same request with the same key** again: it is counted once, and every retry gets the first answer back, with `Idempotent-Replayed: true`.",
  "apiDocs.qs.lookup": "**3. Or ask what happened to the key.** `404` means the server never committed it: send the same request with the same key again.",
  "apiDocs.qs.errors":
    "Every error is an `application/problem+json` document (see [Errors](#errors)): branch on its `code`; `retryable: true` means the same request may be sent again, after `Retry-After` when it is given.",
  "apiDocs.qs.fetch":
    "The same from JavaScript, with `fetch` (Node.js 20 or later as an `.mjs` file, or any runtime that has `fetch` and `crypto.randomUUID`): the key is made once per intent, before the first attempt, and sent unchanged with every retry.",
  "apiDocs.qs.client":
    "For a typed client, generate one from the [OpenAPI 3.1 description](/api/v1/openapi.json) with any OpenAPI generator, for example `openapi-typescript` with `openapi-fetch` for TypeScript ([OpenAPI 3.0](/api/v1/openapi-3.0.json) for tools that need it).",
  "apiDocs.code.final": "Created (or replayed), or a final answer such as OUT_OF_STOCK",
  "apiDocs.code.noAnswer": "No answer at all: the same request with the same key again",
  "apiDocs.code.oneKey": "One key per intent: keep it until you have the answer",
  "apiDocs.overview": "Overview",
  "apiDocs.sourceNote": "The overview and every operation below are rendered from the OpenAPI description itself, so they always match what the server does.",
  "apiDocs.errors": "Errors",
  "apiDocs.errorsLead": "Every error answer is a problem document (RFC 9457) with these fields.",
  "apiDocs.session.needed": "Needs a session: `Authorization: Bearer <token>` or the session cookie.",
  "apiDocs.session.none": "No session needed.",
  "apiDocs.parameters": "Parameters",
  "apiDocs.requestBody": "Request body (JSON)",
  "apiDocs.responseBody": "Response body ({status})",
  "apiDocs.responses": "Responses",
  "apiDocs.examples": "Examples",
  "apiDocs.col.name": "Name",
  "apiDocs.col.description": "Description",
  "apiDocs.col.status": "Status",
  "apiDocs.headers": "Headers: {headers}",
  "apiDocs.required": "required",
  "apiDocs.in.header": "header",
  "apiDocs.in.path": "path",
  "apiDocs.in.query": "query",
  "apiDocs.rule.length": "{min}–{max} characters",
  "apiDocs.rule.maxLength": "at most {max} characters",
  "apiDocs.rule.range": "{min}–{max}",
  "apiDocs.rule.oneOf": "one of {values}",
  "apiDocs.rule.format": "format: {format}",
  "apiDocs.request": "Request",
  "apiDocs.response": "Response {status}",
  "apiDocs.noBody": "(no body)",
  "apiDocs.copy": "Copy",
  "apiDocs.copied": "Copied",
  "apiDocs.copyFailed": "Selected: press Ctrl+C to copy",
} as const satisfies Record<`apiDocs.${string}`, string>;

export type ApiDocsKey = keyof typeof en;
export type ApiDocsTranslate = TranslateWith<ApiDocsKey>;

const zhCN: Record<ApiDocsKey, string> = {
  "apiDocs.title": "资料样册与咨询 API",
  "apiDocs.lead": "从您自己的系统创建订单和咨询。每个请求都可以放心重发：无论送达多少次，都只记录一次。",
  "apiDocs.version": "版本 {version}",
  "apiDocs.openapi31": "OpenAPI 3.1 描述（JSON）",
  "apiDocs.openapi30": "OpenAPI 3.0（供旧版工具使用）",
  "apiDocs.contact": "问题咨询：",
  "apiDocs.toc": "本页目录",
  "apiDocs.quickStart": "快速开始",
  "apiDocs.qs.lead": "用 curl 发送三个请求。`BASE` 是本站的地址。",
  "apiDocs.qs.session": "**1. 创建会话。** 会话令牌是操作密钥的作用范围：之后的每个请求都以 `Authorization: Bearer <token>` 发送它。",
  "apiDocs.qs.order":
    "**2. 用新的操作密钥下单**，每个意图一个密钥。没有收到回答（超时、连接中断、`409`、`429`、`5xx`）时，用**同一密钥重发同一请求**：只记录一次，每次重试都得到第一次的结果，并带有 `Idempotent-Replayed: true`。",
  "apiDocs.qs.lookup": "**3. 或者查询该密钥的结果。** `404` 表示服务器从未提交该操作：请用同一密钥重发同一请求。",
  "apiDocs.qs.errors":
    "所有错误都是 `application/problem+json` 文档（见[错误](#errors)）：按 `code` 判断；`retryable: true` 表示可以原样重发，如有 `Retry-After`，请在等待该时长后重发。",
  "apiDocs.qs.fetch":
    "用 JavaScript 的 `fetch` 实现同样的流程（Node.js 20 及以上，保存为 `.mjs` 文件运行；或任何提供 `fetch` 和 `crypto.randomUUID` 的运行环境）：每个意图在第一次尝试前生成一次密钥，之后每次重试都原样沿用。",
  "apiDocs.qs.client":
    "如需类型化的客户端，可用任意 OpenAPI 生成器从 [OpenAPI 3.1 描述](/api/v1/openapi.json)生成，例如 TypeScript 可用 `openapi-typescript` 配合 `openapi-fetch`（需要时可用 [OpenAPI 3.0](/api/v1/openapi-3.0.json)）。",
  "apiDocs.code.final": "已创建（或重放），或最终结果，例如 OUT_OF_STOCK",
  "apiDocs.code.noAnswer": "完全没有回答：用同一密钥重发同一请求",
  "apiDocs.code.oneKey": "每个意图一个密钥：在拿到结果之前一直保留",
  "apiDocs.overview": "概述",
  "apiDocs.sourceNote": "概述和下面的各个接口直接由 OpenAPI 描述生成，因此始终与服务器的实际行为一致。这些说明（摘要、参数、响应和示例）保留英文原文。",
  "apiDocs.errors": "错误",
  "apiDocs.errorsLead": "每个错误响应都是一个问题文档（RFC 9457），包含以下字段。",
  "apiDocs.session.needed": "需要会话：`Authorization: Bearer <token>` 或会话 Cookie。",
  "apiDocs.session.none": "无需会话。",
  "apiDocs.parameters": "参数",
  "apiDocs.requestBody": "请求体（JSON）",
  "apiDocs.responseBody": "响应体（{status}）",
  "apiDocs.responses": "响应",
  "apiDocs.examples": "示例",
  "apiDocs.col.name": "名称",
  "apiDocs.col.description": "说明",
  "apiDocs.col.status": "状态码",
  "apiDocs.headers": "响应头：{headers}",
  "apiDocs.required": "必填",
  "apiDocs.in.header": "请求头",
  "apiDocs.in.path": "路径",
  "apiDocs.in.query": "查询参数",
  "apiDocs.rule.length": "{min}–{max} 个字符",
  "apiDocs.rule.maxLength": "最多 {max} 个字符",
  "apiDocs.rule.range": "{min}–{max}",
  "apiDocs.rule.oneOf": "取值：{values}",
  "apiDocs.rule.format": "格式：{format}",
  "apiDocs.request": "请求",
  "apiDocs.response": "响应 {status}",
  "apiDocs.noBody": "（无响应体）",
  "apiDocs.copy": "复制",
  "apiDocs.copied": "已复制",
  "apiDocs.copyFailed": "已选中，请按 Ctrl+C 复制",
};

const tables: Record<Locale, Record<ApiDocsKey, string>> = { en, "zh-CN": zhCN };

export function apiDocsTranslator(locale: Locale): ApiDocsTranslate {
  return translateWith(tables[locale]);
}
