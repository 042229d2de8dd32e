import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { I18nProvider } from "~/i18n/i18n-provider";
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { TRPCReactProvider } from "~/trpc/react";
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
        <I18nProvider locale={locale}>
          <TRPCReactProvider>
            <header className="site-header">
              <nav aria-label={t("site.title")}>
                <Link href="/guides" className="brand">
                  {t("site.title")}
                </Link>
                <Link href="/guides">{t("nav.guides")}</Link>
                <Link href="/contact">{t("nav.contact")}</Link>
                <Link href="/me">{t("nav.me")}</Link>
                <LanguageSwitcher />
              </nav>
            </header>
            <main className="page">{children}</main>
          </TRPCReactProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
