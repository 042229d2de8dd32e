// The fields of a JSON body (./schema-fields.ts) as a table: the name with its type, and the
// schema's own description with what the server checks, said in the page's language.
import { Fragment } from "react";
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { DOCUMENT_LANG } from "./described-operation";
import { MarkdownText } from "./markdown-text";
import { NameCell, ReferenceTable } from "./reference-table";
import type { FieldRow, FieldRule } from "./schema-fields";

function ruleText(rule: FieldRule, t: ApiDocsTranslate): string {
  switch (rule.kind) {
    case "length":
      return t("apiDocs.rule.length", { min: rule.min, max: rule.max });
    case "maxLength":
      return t("apiDocs.rule.maxLength", { max: rule.max });
    case "range":
      return t("apiDocs.rule.range", { min: rule.min, max: rule.max });
    case "oneOf":
      return t("apiDocs.rule.oneOf", { values: rule.values.join(", ") });
    case "format":
      return t("apiDocs.rule.format", { format: rule.format });
  }
}

/** Lets a long constant (IDEMPOTENCY_KEY_IN_PROGRESS) wrap after its underscores on a narrow screen, not inside a word. */
const breakable = (text: string) =>
  text.split("_").map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          _<wbr />
        </>
      ) : null}
    </Fragment>
  ));

export function FieldsTable({ label, rows, t }: { label: string; rows: FieldRow[]; t: ApiDocsTranslate }) {
  return (
    <ReferenceTable label={label} head={[t("apiDocs.col.name"), t("apiDocs.col.description")]}>
      {rows.map((row) => (
        <tr key={row.name}>
          <NameCell name={row.name} kind={row.type} required={row.required ? t("apiDocs.required") : undefined} />
          <td>
            <MarkdownText variant="inline" lang={DOCUMENT_LANG}>
              {row.description}
            </MarkdownText>
            {row.rules.length ? <span className="block text-ink-muted">{breakable(row.rules.map((rule) => ruleText(rule, t)).join("; "))}</span> : null}
          </td>
        </tr>
      ))}
    </ReferenceTable>
  );
}
