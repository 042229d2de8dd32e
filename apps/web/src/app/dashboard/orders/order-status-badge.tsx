// An order's fulfilment status as a badge, in the reader's language.
import { Badge } from "@once/ui";
import type { OrderStatus } from "@once/db/domain";
import type { DashboardTranslate } from "~/i18n/dashboard";

const TONE = { received: "brand", packed: "warning", shipped: "neutral", delivered: "success", cancelled: "danger" } as const;

export function OrderStatusBadge({ status, t }: { status: OrderStatus; t: DashboardTranslate }) {
  return (
    <Badge tone={TONE[status]} data-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
