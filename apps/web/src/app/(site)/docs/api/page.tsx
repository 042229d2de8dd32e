// The REST API's reference for outside developers, rendered from its OpenAPI description (the
// same object served at /api/v1/openapi.json): a quick start, then every operation, grouped by
// tag, with its parameters, bodies, answers and documented cases. The page's own words follow
// the customer's language; the OpenAPI texts are English, and the page says so once.
import type { Metadata } from "next";
import { buildOpenApiDocument } from "@once/api/rest";
import { Notice, PageHeader } from "@once/ui";
import { apiDocsTranslator } from "~/i18n/api-docs";
import { getLocale } from "~/i18n/locale";
import { publicBaseUrl } from "~/server/trusted-origins";
import { DOCUMENT_LANG, type DescribedOperation } from "./described-operation";
import { FieldsTable } from "./fields-table";
import { MarkdownText } from "./markdown-text";
import { OperationSection } from "./operation-section";
import { QuickStart } from "./quick-start";
import { schemaFields, type JsonSchema } from "./schema-fields";
import { TableOfContents } from "./table-of-contents";

export async function generateMetadata(): Promise<Metadata> {
  return { title: apiDocsTranslator(await getLocale())("apiDocs.title") };
}

const h2 = "scroll-mt-4 text-xl font-bold text-ink";
const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default async function ApiDocsPage() {
  const t = apiDocsTranslator(await getLocale());
  const doc = buildOpenApiDocument();
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema) => (schema.$ref ? (schemas[schema.$ref.split("/").pop()!] ?? schema) : schema);
  const operations = Object.entries(doc.paths as Record<string, Record<string, DescribedOperation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op, tag: op.tags?.[0] ?? "" })),
  );
  // The document's tags in its order, then any tag only an operation names.
  const tags = new Map<string, { name: string; description?: string }>();
  for (const tag of [...(doc.tags ?? []), ...operations.map((o) => ({ name: o.tag }))]) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  const groups = [...tags.values()]
    .map((tag) => ({ ...tag, id: tagAnchor(tag.name), operations: operations.filter((o) => o.tag === tag.name) }))
    .filter((group) => group.operations.length > 0);
  const sections = [
    { id: "quick-start", name: t("apiDocs.quickStart") },
    { id: "overview", name: t("apiDocs.overview") },
    { id: "errors", name: t("apiDocs.errors") },
  ];
  const email = doc.info.contact?.email;

  return (
    <div>
      <PageHeader title={t("apiDocs.title")} lead={t("apiDocs.lead")} eyebrow={`REST API · ${t("apiDocs.version", { version: doc.info.version })}`} />
      <ul className="-mt-2 mb-8 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <li>
          <a href="/api/v1/openapi.json" className="font-semibold text-brand underline underline-offset-2">
            {t("apiDocs.openapi31")}
          </a>
        </li>
        <li>
          <a href="/api/v1/openapi-3.0.json" className="text-brand underline underline-offset-2">
            {t("apiDocs.openapi30")}
          </a>
        </li>
        {email ? (
          <li className="text-ink-muted">
            {t("apiDocs.contact")}{" "}
            <a href={`mailto:${email}`} className="text-brand underline underline-offset-2">
              {email}
            </a>
          </li>
        ) : null}
      </ul>

      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside className="mb-10 lg:sticky lg:top-6 lg:mb-0 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents
            sections={sections}
            groups={groups.map((group) => ({
              id: group.id,
              name: group.name,
              operations: group.operations.map(({ method, op }) => ({ id: op.operationId, method: method.toUpperCase(), summary: op.summary })),
            }))}
            t={t}
          />
        </aside>

        <div className="min-w-0 space-y-12">
          <QuickStart base={publicBaseUrl()} t={t} />

          <section aria-labelledby="overview" className="space-y-3">
            <h2 id="overview" className={h2}>
              {t("apiDocs.overview")}
            </h2>
            <Notice>
              <p>{t("apiDocs.sourceNote")}</p>
            </Notice>
            <MarkdownText lang={DOCUMENT_LANG}>{doc.info.description}</MarkdownText>
          </section>

          <section aria-labelledby="errors" className="space-y-3">
            <h2 id="errors" className={h2}>
              {t("apiDocs.errors")}
            </h2>
            <p>{t("apiDocs.errorsLead")}</p>
            {schemas.Problem ? <FieldsTable label={t("apiDocs.errors")} rows={schemaFields(schemas.Problem, resolve)} t={t} /> : null}
          </section>

          {groups.map((group) => (
            <section key={group.id} aria-labelledby={group.id} className="space-y-6">
              <div className="border-b-2 border-line pb-2">
                <h2 id={group.id} lang={DOCUMENT_LANG} className={h2}>
                  {group.name}
                </h2>
                <MarkdownText lang={DOCUMENT_LANG} className="text-ink-muted">
                  {group.description}
                </MarkdownText>
              </div>
              {group.operations.map(({ path, method, op }) => (
                <OperationSection key={`${method} ${path}`} method={method} path={path} op={op} resolve={resolve} t={t} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
