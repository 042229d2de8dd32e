import type { Metadata, Viewport } from "next";
import { I18nProvider } from "~/i18n/i18n-provider";
import { getLocale } from "~/i18n/locale";
import { messages, translator } from "~/i18n/messages";
import { SubmissionEngineProvider } from "~/submission/engine-provider";
import { LanguageSwitcher } from "./language-switcher";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sample guides · 资料样册", template: "%s · Sample guides" },
  description: "Order sample guides and send inquiries: every submission counted exactly once.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const t = translator(locale);
  return (
    <html lang={locale}>
      <body>
        <I18nProvider locale={locale} messages={messages[locale]}>
          <SubmissionEngineProvider>
            {/* Plain links: each customer page is a full load (its submissions restore from
                storage), and next/link's client code (~2.7 kB gzip) stays off the order page's
                first load (BENCHMARKS.md, page weight). */}
            <header className="site-header">
              <nav aria-label={t("site.title")}>
                <a href="/guides" className="brand">
                  {t("site.title")}
                </a>
                <a href="/guides">{t("nav.guides")}</a>
                <a href="/contact">{t("nav.contact")}</a>
                <a href="/me">{t("nav.me")}</a>
                <LanguageSwitcher />
              </nav>
            </header>
            <main className="page">{children}</main>
          </SubmissionEngineProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
