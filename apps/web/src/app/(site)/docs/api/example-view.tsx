// One documented case, folded under its status and name: the request as a curl command and
// the answer it gets, each ready to copy.
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { CodeBlock } from "./code-block";
import { curlCommand } from "./curl-command";
import type { ExampleRequest } from "@once/api/rest";
import { DOCUMENT_LANG } from "./described-operation";
import { MarkdownText } from "./markdown-text";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

export function ExampleView({ operationId, example, t }: { operationId: string; example: ExampleRequest; t: ApiDocsTranslate }) {
  const id = `${operationId}-${example.name}`;
  return (
    <details className="rounded-control border border-line bg-surface">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm">
        <span className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs font-semibold">{example.status}</span>
        <code className="font-mono text-xs text-ink-muted">{example.name}</code>
        <span className="min-w-0">
          <MarkdownText variant="inline" lang={DOCUMENT_LANG}>
            {example.summary}
          </MarkdownText>
        </span>
      </summary>
      <div className="border-t border-line px-3 pb-1 pt-2">
        <MarkdownText className="text-sm" lang={DOCUMENT_LANG}>
          {example.description}
        </MarkdownText>
        <CodeBlock id={`${id}-request`} caption={t("apiDocs.request")} code={curlCommand(example)} t={t} />
        {example.answer === undefined ? (
          <p className="my-3 text-sm text-ink-muted">
            {t("apiDocs.response", { status: example.status })} {t("apiDocs.noBody")}
          </p>
        ) : (
          <CodeBlock id={`${id}-response`} caption={t("apiDocs.response", { status: example.status })} code={show(example.answer)} t={t} />
        )}
      </div>
    </details>
  );
}
