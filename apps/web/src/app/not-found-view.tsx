// The 404 page's content, in the customer's language, with a way back into the shop: drawn inside
// the shop's frame by ./not-found.tsx (an unknown address, outside every route group) and by
// (site)/not-found.tsx (a guide that does not exist: the (site) layout has drawn the frame).
import type { Metadata } from "next";
import { buttonClasses } from "@once/ui";
import { ArrowRight, FileText, Icon } from "@once/ui/icons";
import { getLocale } from "~/i18n/locale";
import { translator, type Translate } from "~/i18n/messages";

/** Both 404 pages' metadata (re-exported by each as its `generateMetadata`). */
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  return { title: t("notFound.title"), robots: { index: false } };
}

export function NotFoundView({ t }: { t: Translate }) {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <span aria-hidden className="mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Icon node={FileText} className="size-7" />
      </span>
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-3 text-ink-muted">{t("notFound.body")}</p>
      <a href="/guides" className={buttonClasses({ variant: "primary", className: "mt-6" })}>
        {t("notFound.back")}
        <Icon node={ArrowRight} />
      </a>
    </div>
  );
}
