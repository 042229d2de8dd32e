// The globe shown beside the language buttons on wider screens (see ./language-switcher.tsx).
import { Globe, Icon } from "@once/ui/icons";

export const languageIcon = <Icon node={Globe} className="ms-1.5 hidden size-4 text-ink-muted sm:block" />;
