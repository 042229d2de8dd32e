// The paper plane on the forms' submit buttons. Rendered by the server pages and handed to the
// forms as a prop (like ../app/language-icon.tsx): the forms are client components, and an icon
// drawn there ships the icon component and its path data in the first-load JavaScript of the
// order page and /contact; as a prop its drawing travels in the page's HTML (BENCHMARKS.md).
import { Icon, Send } from "@once/ui/icons";

export const sendIcon = <Icon node={Send} />;
