// The order list's search and filters live in the URL (?search=…&status=…&guide=…&from=…&to=…),
// so a filtered list can be bookmarked, shared, reloaded and returned to from an order's page.
import { ORDER_STATUSES, type OrderStatus } from "@once/db/domain";

export interface OrderFilters {
  search?: string;
  status?: OrderStatus;
  guide?: string;
  /** YYYY-MM-DD, a day in the staff member's calendar. */
  from?: string;
  to?: string;
}
export const FILTER_KEYS = ["search", "status", "guide", "from", "to"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const status = params.get("status");
  const day = (key: string) => (DAY.test(params.get(key) ?? "") ? params.get(key)! : undefined);
  return {
    search: params.get("search")?.trim() || undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? "") ? (status as OrderStatus) : undefined,
    guide: params.get("guide") || undefined,
    from: day("from"),
    to: day("to"),
  };
}

export function filtersToParams(filters: OrderFilters): URLSearchParams {
  return new URLSearchParams(FILTER_KEYS.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}

/** The list's query input: days become the instants that start and end them (the browser's zone). */
export const listInput = (filters: OrderFilters) => ({
  search: filters.search,
  status: filters.status,
  guide: filters.guide,
  from: filters.from ? new Date(`${filters.from}T00:00:00`) : undefined,
  to: filters.to ? new Date(`${filters.to}T23:59:59.999`) : undefined,
});
