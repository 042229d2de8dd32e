import type { Metadata, Viewport } from "next";
import { I18nProvider } from "~/i18n/i18n-provider";
import { getLocale } from "~/i18n/locale";
import { messages, translator } from "~/i18n/messages";
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

// The document and the language for every page; each area brings its own frame: the customer
// pages in (site)/layout.tsx, the staff dashboard in dashboard/layout.tsx.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <I18nProvider locale={locale} messages={messages[locale]}>
          {children}
        </I18nProvider>
      </body>
    </html>
  );
}
