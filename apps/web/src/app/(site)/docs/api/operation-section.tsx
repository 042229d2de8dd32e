// One operation of the description: what it does, its parameters, body and answers, and every
// documented case as an example. The words around the OpenAPI texts are the page's language.
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { operationExamples } from "@once/api/rest";
import { DOCUMENT_LANG, type DescribedOperation } from "./described-operation";
import { ExampleView } from "./example-view";
import { FieldsTable } from "./fields-table";
import { MarkdownText } from "./markdown-text";
import { NameCell, ReferenceTable } from "./reference-table";
import { schemaFields, type JsonSchema } from "./schema-fields";

const h4 = "mt-6 mb-2 text-base font-semibold text-ink";

export function OperationSection({
  method,
  path,
  op,
  resolve,
  t,
}: {
  method: string;
  path: string;
  op: DescribedOperation;
  resolve: (schema: JsonSchema) => JsonSchema;
  t: ApiDocsTranslate;
}) {
  const id = op.operationId;
  const body = op.requestBody?.content["application/json"]?.schema as JsonSchema | undefined;
  const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"));
  const successSchema = success && (Object.values(success[1].content ?? {})[0]?.schema as JsonSchema | undefined);
  const inWords = (where: string) => (["header", "path", "query"].includes(where) ? t(`apiDocs.in.${where as "header" | "path" | "query"}`) : where);
  return (
    <section aria-labelledby={id} className="scroll-mt-4 border-t border-line pt-6 first-of-type:border-t-0 first-of-type:pt-0">
      <h3 id={id} className="scroll-mt-4 text-lg font-bold text-ink">
        <MarkdownText variant="inline" lang={DOCUMENT_LANG}>
          {op.summary}
        </MarkdownText>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-brand-soft px-1.5 py-0.5 font-mono text-xs font-bold text-brand">{method.toUpperCase()}</span>
        <code className="font-mono font-semibold [overflow-wrap:anywhere]">{path}</code>
        <span className="text-ink-muted">
          operationId <code className="font-mono">{id}</code>
        </span>
      </p>
      <MarkdownText className="mt-3" lang={DOCUMENT_LANG}>
        {op.description}
      </MarkdownText>
      <MarkdownText className="mt-2 text-sm text-ink-muted">{op.security?.length ? t("apiDocs.session.needed") : t("apiDocs.session.none")}</MarkdownText>

      {op.parameters?.length ? (
        <>
          <h4 className={h4}>{t("apiDocs.parameters")}</h4>
          <ReferenceTable label={`${t("apiDocs.parameters")}: ${id}`} head={[t("apiDocs.col.name"), t("apiDocs.col.description")]}>
            {op.parameters.map((p) => (
              <tr key={`${p.in} ${p.name}`}>
                <NameCell name={p.name} kind={inWords(p.in)} required={p.required ? t("apiDocs.required") : undefined} />
                <td>
                  <MarkdownText variant="inline" lang={DOCUMENT_LANG}>
                    {p.description}
                  </MarkdownText>
                </td>
              </tr>
            ))}
          </ReferenceTable>
        </>
      ) : null}

      {body ? (
        <>
          <h4 className={h4}>{t("apiDocs.requestBody")}</h4>
          <FieldsTable label={`${t("apiDocs.requestBody")}: ${id}`} rows={schemaFields(body, resolve)} t={t} />
        </>
      ) : null}

      <h4 className={h4}>{t("apiDocs.responses")}</h4>
      <ReferenceTable label={`${t("apiDocs.responses")}: ${id}`} head={[t("apiDocs.col.status"), t("apiDocs.col.description")]}>
        {Object.entries(op.responses).map(([status, response]) => (
          <tr key={status}>
            <td className="font-mono font-semibold">{status}</td>
            <td>
              <MarkdownText variant="inline" lang={DOCUMENT_LANG}>
                {response.description}
              </MarkdownText>
              {response.headers ? (
                <span className="mt-0.5 block text-xs text-ink-muted">{t("apiDocs.headers", { headers: Object.keys(response.headers).join(", ") })}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </ReferenceTable>

      {success && successSchema ? (
        <>
          <h4 className={h4}>{t("apiDocs.responseBody", { status: success[0] })}</h4>
          <FieldsTable label={`${t("apiDocs.responseBody", { status: success[0] })}: ${id}`} rows={schemaFields(successSchema, resolve)} t={t} />
        </>
      ) : null}

      <h4 className={h4}>{t("apiDocs.examples")}</h4>
      <div className="space-y-2">
        {operationExamples(path, method, op).map((example) => (
          <ExampleView key={`${example.status} ${example.name}`} operationId={id} example={example} t={t} />
        ))}
      </div>
    </section>
  );
}
