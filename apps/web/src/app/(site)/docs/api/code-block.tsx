// A block of code (a curl command, a JSON body) with its caption and a copy button. Long lines
// scroll inside the block, never the page; the block takes the focus so a keyboard can scroll it.
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { CopyButton } from "./copy-button";

export function CodeBlock({ id, caption, code, t }: { id: string; caption: string; code: string; t: ApiDocsTranslate }) {
  return (
    <figure className="my-3 min-w-0 overflow-hidden rounded-control border border-line bg-surface-muted">
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-1">
        <figcaption id={id} className="text-xs font-semibold text-ink-muted">
          {caption}
        </figcaption>
        <CopyButton
          describedBy={id}
          labels={{ idle: t("apiDocs.copy"), copied: t("apiDocs.copied"), failed: t("apiDocs.copyFailed") }}
          className="min-h-9 rounded-control px-2.5 text-xs font-semibold text-brand hover:bg-brand-soft"
        />
      </div>
      <pre tabIndex={0} aria-labelledby={id} className="overflow-x-auto p-3 font-mono text-[0.8125rem] leading-relaxed text-ink">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
