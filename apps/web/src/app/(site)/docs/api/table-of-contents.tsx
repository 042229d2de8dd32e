// The page's contents: its own sections, then the operations grouped by their OpenAPI tag,
// each a link to its section's anchor (the operationId). Beside the reference on wide screens,
// above it on a phone.
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { DOCUMENT_LANG } from "./described-operation";
import { MarkdownText } from "./markdown-text";

export interface TocGroup {
  id: string;
  name: string;
  operations: { id: string; method: string; summary: string }[];
}

const link = "block rounded px-2 py-1 text-ink-muted hover:bg-surface-muted hover:text-ink";
const groupLink = "mt-2 block rounded px-2 py-1 font-semibold text-ink hover:bg-surface-muted";

export function TableOfContents({ sections, groups, t }: { sections: { id: string; name: string }[]; groups: TocGroup[]; t: ApiDocsTranslate }) {
  return (
    <nav aria-labelledby="toc-heading" className="rounded-card border border-line bg-surface p-4 text-sm shadow-card">
      <h2 id="toc-heading" className="mb-2 px-2 text-sm font-bold text-ink">
        {t("apiDocs.toc")}
      </h2>
      <ul className="space-y-0.5">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={link}>
              {section.name}
            </a>
          </li>
        ))}
        {groups.map((group) => (
          <li key={group.id}>
            <a href={`#${group.id}`} lang={DOCUMENT_LANG} className={groupLink}>
              {group.name}
            </a>
            <ul className="ms-2 border-s border-line ps-1">
              {group.operations.map((op) => (
                <li key={op.id}>
                  <a href={`#${op.id}`} className={link}>
                    <span className="me-1.5 font-mono text-[0.6875rem] font-bold text-brand">{op.method}</span>
                    <MarkdownText variant="label" lang={DOCUMENT_LANG}>
                      {op.summary}
                    </MarkdownText>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
