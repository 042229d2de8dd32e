// The 404 page for an address no route matches. It renders under the root layout only (no route
// group), so it brings the shop's frame itself; a missing guide is (site)/not-found.tsx.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { SiteChrome } from "./(site)/site-chrome";
import { NotFoundView } from "./not-found-view";

export { generateMetadata } from "./not-found-view";

export default async function NotFound() {
  const t = translator(await getLocale());
  return (
    <SiteChrome t={t}>
      <NotFoundView t={t} />
    </SiteChrome>
  );
}
