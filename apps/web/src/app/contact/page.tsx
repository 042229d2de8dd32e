import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { LeadForm } from "./lead-form";

export const dynamic = "force-dynamic";

export default async function ContactPage() {
  const t = translator(await getLocale());
  return (
    <article>
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <LeadForm />
    </article>
  );
}
