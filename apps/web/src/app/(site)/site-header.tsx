// The shop's header: brand, the three customer destinations, the language switch. Plain links:
// each customer page is a full load (its submissions restore from storage), and next/link's
// client code (~2.7 kB gzip) stays off the order page's first load (BENCHMARKS.md, page weight).
import { BookOpen, Icon, Mail, Package } from "@once/ui/icons";
import type { Translate } from "~/i18n/messages";
import { languageIcon } from "../language-icon";
import { LanguageSwitcher } from "../language-switcher";

export function SiteHeader({ t }: { t: Translate }) {
  const link = "inline-flex min-h-10 items-center gap-1.5 rounded-control px-2.5 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink";
  return (
    <header className="border-b border-line bg-surface/90">
      <nav aria-label={t("site.title")} className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:px-6">
        {/* As tall as its row will be (the language switch's 38 px on phones, the links' 40 px
            beside it from sm on): a browser may paint the header before the rest of it has
            arrived, and a shorter row would then grow and push the brand down (a layout shift). */}
        <a href="/guides" className="me-auto inline-flex min-h-9.5 items-center gap-2 text-base font-bold text-ink sm:min-h-10">
          <span aria-hidden className="inline-flex size-8 items-center justify-center rounded-control bg-brand text-on-brand">
            <Icon node={BookOpen} className="size-4.5" />
          </span>
          {t("site.title")}
        </a>
        <LanguageSwitcher icon={languageIcon} />
        <div className="flex w-full items-center gap-1 sm:order-first sm:ms-6 sm:w-auto md:order-none md:ms-0">
          <a href="/guides" className={link}>
            <Icon node={BookOpen} className="size-4" />
            {t("nav.guides")}
          </a>
          <a href="/contact" className={link}>
            <Icon node={Mail} className="size-4" />
            {t("nav.contact")}
          </a>
          <a href="/me" className={link}>
            <Icon node={Package} className="size-4" />
            {t("nav.me")}
          </a>
        </div>
      </nav>
    </header>
  );
}
