import type { Metadata, Viewport } from "next";
import { I18nProvider } from "~/i18n/i18n-provider";
import { getLocale } from "~/i18n/locale";
import { messages, translator } from "~/i18n/messages";
import { SubmissionEngineProvider } from "~/submission/engine-provider";
import { SiteHeader } from "./site-header";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await getLocale());
  return {
    title: { default: t("site.title"), template: `%s · ${t("site.title")}` },
    description: t("site.description"),
    applicationName: t("site.title"),
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#161b22" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const t = translator(locale);
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <I18nProvider locale={locale} messages={messages[locale]}>
          <SubmissionEngineProvider>
            <SiteHeader t={t} />
            <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">{children}</main>
            <footer className="border-t border-line">
              <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4 py-5 text-sm text-ink-muted sm:px-6">
                <p>{t("footer.promise")}</p>
                <a href="/docs/api" className="underline-offset-2 hover:underline">
                  {t("footer.api")}
                </a>
              </div>
            </footer>
          </SubmissionEngineProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
