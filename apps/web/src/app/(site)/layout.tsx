// The customer pages (a route group: URLs unchanged): the shop's frame and the submission
// engine that resumes pending orders and inquiries. The dashboard needs neither.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { SubmissionEngineProvider } from "~/submission/engine-provider";
import { SiteChrome } from "./site-chrome";

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const t = translator(await getLocale());
  return (
    <SubmissionEngineProvider>
      <SiteChrome t={t}>{children}</SiteChrome>
    </SubmissionEngineProvider>
  );
}
