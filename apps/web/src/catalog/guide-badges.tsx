// The badges above a guide's title, on its catalog card and on its own page: free, and whether
// it is in stock. Plain markup (no hooks), so server and client components both render it with
// their own translator.
import { Badge } from "@once/ui";
import { Gift, Icon } from "@once/ui/icons";

export function GuideBadges({ inStock, t }: { inStock: boolean; t: (key: "guides.free" | "guides.inStock" | "guides.outOfStock") => string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge tone="brand">
        <Icon node={Gift} />
        {t("guides.free")}
      </Badge>
      <Badge tone={inStock ? "success" : "warning"}>{inStock ? t("guides.inStock") : t("guides.outOfStock")}</Badge>
    </div>
  );
}
