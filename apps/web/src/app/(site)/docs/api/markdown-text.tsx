// Markdown of the OpenAPI texts (and of the page's own words) as React elements, on the server:
// react-markdown builds elements, never an HTML string, so nothing reaches the page through
// dangerouslySetInnerHTML. Raw HTML in a text shows as text, link addresses other than http(s),
// mailto and relative ones are dropped (react-markdown's defaults), and only the elements below
// are kept (anything else keeps its text, without its element).
import Markdown, { type Components } from "react-markdown";
import { cx } from "@once/ui";

const ALLOWED = {
  block: ["p", "ul", "ol", "li", "code", "em", "strong", "a"],
  // In a heading or a table cell: the text's words, without paragraphs or lists around them.
  inline: ["code", "em", "strong", "a"],
  // Inside a link (the table of contents), where another link may not be.
  label: ["code", "em", "strong"],
};

const components: Components = {
  p: ({ node: _, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _, ...props }) => <ul className="my-2 list-disc space-y-1 ps-5" {...props} />,
  ol: ({ node: _, ...props }) => <ol className="my-2 list-decimal space-y-1 ps-5" {...props} />,
  // Long tokens (IDEMPOTENCY_KEY_MISSING, header names) may break anywhere rather than widen a phone's page.
  code: ({ node: _, ...props }) => (
    <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.875em] [overflow-wrap:anywhere] text-ink" {...props} />
  ),
  a: ({ node: _, ...props }) => <a className="text-brand underline underline-offset-2 hover:text-brand-strong" {...props} />,
};

/** `lang`: the text's language where it may differ from the page's (the OpenAPI texts are English), for screen readers. */
export function MarkdownText({
  children,
  variant = "block",
  lang,
  className,
}: {
  children: string | undefined;
  variant?: keyof typeof ALLOWED;
  lang?: string;
  className?: string;
}) {
  if (!children) return null;
  const text = (
    <Markdown allowedElements={ALLOWED[variant]} unwrapDisallowed components={components}>
      {children}
    </Markdown>
  );
  if (variant === "block")
    return (
      <div lang={lang} className={cx("leading-relaxed", className)}>
        {text}
      </div>
    );
  return lang ? <span lang={lang}>{text}</span> : text;
}
