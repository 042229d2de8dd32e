// The customer pages (a route group: URLs unchanged): the shop's frame, the script that catches
// a press before the submission engine is there, and the engine that resumes pending orders
// and inquiries. The dashboard needs none of them.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { EarlyPressScript } from "~/submission/early-press-script";
import { SubmissionEngineProvider } from "~/submission/engine-provider";
import { SiteChrome } from "./site-chrome";

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const t = translator(await getLocale());
  return (
    <SubmissionEngineProvider>
      <EarlyPressScript />
      <SiteChrome t={t}>{children}</SiteChrome>
    </SubmissionEngineProvider>
  );
}
