// The customer pages' frame: the shop's header, the page and the footer. Used by the (site)
// group's layout and by the root 404 page (which renders outside any group); the staff
// dashboard has its own frame (../dashboard/layout.tsx).
import type { Translate } from "~/i18n/messages";
import { SiteHeader } from "./site-header";

export function SiteChrome({ t, children }: { t: Translate; children: React.ReactNode }) {
  return (
    <>
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
    </>
  );
}
