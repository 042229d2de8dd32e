// The quick start an outside developer follows: curl for a session, an order and the look-up
// after a lost answer, the same in plain fetch with its retry loop, and where a typed client
// comes from (generated from the served description: this repository's own client is not
// published). BASE is this node's public address, so the commands run as pasted.
import type { ApiDocsTranslate } from "~/i18n/api-docs";
import { CodeBlock } from "./code-block";
import { MarkdownText } from "./markdown-text";

const sessionCommands = (base: string) => `BASE=${base}
TOKEN=$(curl -s -X POST "$BASE/api/v1/sessions" | sed -E 's/.*"token":"([^"]+)".*/\\1/')`;

const orderCommand = `KEY=$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)
curl -i -X POST "$BASE/api/v1/orders" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -H "Idempotency-Key: $KEY" \\
  --data-raw '{"item":"sample-guide","quantity":1}'`;

const lookUpCommand = `curl -i "$BASE/api/v1/operations/$KEY?type=order" -H "Authorization: Bearer $TOKEN"`;

const fetchProgram = (base: string, t: ApiDocsTranslate) => `const BASE = ${JSON.stringify(base)};
const { token } = await (await fetch(\`\${BASE}/api/v1/sessions\`, { method: "POST" })).json();
const wait = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function createOnce(path, body, key, attempts = 6) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(BASE + path, {
        method: "POST",
        headers: { Authorization: \`Bearer \${token}\`, "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = await response.json();
      // ${t("apiDocs.code.final")}
      if (response.ok || !answer.retryable || attempt === attempts) return { status: response.status, answer };
      await wait(Number(response.headers.get("Retry-After") ?? 2 ** attempt));
    } catch (error) {
      // ${t("apiDocs.code.noAnswer")}
      if (attempt === attempts) throw error;
      await wait(2 ** attempt);
    }
  }
}

// ${t("apiDocs.code.oneKey")}
const key = crypto.randomUUID();
console.log(await createOnce("/api/v1/orders", { item: "sample-guide", quantity: 1 }, key));`;

export function QuickStart({ base, t }: { base: string; t: ApiDocsTranslate }) {
  return (
    <section aria-labelledby="quick-start" className="space-y-3">
      <h2 id="quick-start" className="scroll-mt-4 text-xl font-bold text-ink">
        {t("apiDocs.quickStart")}
      </h2>
      <MarkdownText>{t("apiDocs.qs.lead")}</MarkdownText>
      <MarkdownText>{t("apiDocs.qs.session")}</MarkdownText>
      <CodeBlock id="quick-start-session" caption="curl" code={sessionCommands(base)} t={t} />
      <MarkdownText>{t("apiDocs.qs.order")}</MarkdownText>
      <CodeBlock id="quick-start-order" caption="curl" code={orderCommand} t={t} />
      <MarkdownText>{t("apiDocs.qs.lookup")}</MarkdownText>
      <CodeBlock id="quick-start-look-up" caption="curl" code={lookUpCommand} t={t} />
      <MarkdownText>{t("apiDocs.qs.errors")}</MarkdownText>
      <MarkdownText>{t("apiDocs.qs.fetch")}</MarkdownText>
      <CodeBlock id="quick-start-fetch" caption="JavaScript (fetch)" code={fetchProgram(base, t)} t={t} />
      <MarkdownText>{t("apiDocs.qs.client")}</MarkdownText>
    </section>
  );
}
