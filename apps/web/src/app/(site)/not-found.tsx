// The 404 page for an address inside the customer pages (a guide that does not exist:
// guides/[slug]/page.tsx calls notFound()). The (site) layout has drawn the shop's frame
// already, so this draws only the content: the root ../not-found.tsx brings its own frame, and
// rendered here it drew the header and footer a second time, inside the first.
import { getLocale } from "~/i18n/locale";
import { translator } from "~/i18n/messages";
import { NotFoundView } from "../not-found-view";

export { generateMetadata } from "../not-found-view";

export default async function SiteNotFound() {
  return <NotFoundView t={translator(await getLocale())} />;
}
