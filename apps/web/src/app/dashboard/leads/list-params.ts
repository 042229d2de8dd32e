// The lead list's state lives in the URL (?q=…&status=…&assignee=…&from=…&to=…&dup=1&overdue=1&tasks=due&sort=…&dir=…),
// so a list can be bookmarked, shared, reloaded and returned to from a lead's page. Parsing is
// forgiving: an unknown value is ignored, never an error page.
import { LEAD_STATUSES, type LeadStatus } from "@once/db/domain";

export const SORTS = ["received", "name", "status"] as const;
export type Sort = (typeof SORTS)[number];

export interface ListState {
  q: string;
  status?: LeadStatus;
  /** A staff id, "me" or "unassigned". */
  assignee?: string;
  /** Calendar days (YYYY-MM-DD) in the staff member's time zone. */
  from?: string;
  to?: string;
  dup: boolean;
  /** Unanswered past the team's first-response target. */
  overdue: boolean;
  /** With an open follow-up task due now or earlier. */
  tasksDue: boolean;
  sort: Sort;
  dir: "asc" | "desc";
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseListState(params: URLSearchParams): ListState {
  const status = params.get("status");
  const sort = params.get("sort");
  const from = params.get("from");
  const to = params.get("to");
  const assignee = params.get("assignee");
  return {
    q: params.get("q") ?? "",
    status: (LEAD_STATUSES as readonly string[]).includes(status ?? "") ? (status as LeadStatus) : undefined,
    assignee: assignee && assignee.length <= 64 ? assignee : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    dup: params.get("dup") === "1",
    overdue: params.get("overdue") === "1",
    tasksDue: params.get("tasks") === "due",
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as Sort) : "received",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
  };
}

/** The query string of a state, leaving defaults out ("" for the plain list). */
export function listQuery(state: ListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.status) params.set("status", state.status);
  if (state.assignee) params.set("assignee", state.assignee);
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  if (state.dup) params.set("dup", "1");
  if (state.overdue) params.set("overdue", "1");
  if (state.tasksDue) params.set("tasks", "due");
  if (state.sort !== "received") params.set("sort", state.sort);
  if (state.dir !== "desc") params.set("dir", state.dir);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const EMPTY_STATE: ListState = { q: "", dup: false, overdue: false, tasksDue: false, sort: "received", dir: "desc" };

/** True when any filter narrows the list (sorting does not). */
export const isFiltered = (s: ListState) => Boolean(s.q.trim() || s.status || s.assignee || s.from || s.to || s.dup || s.overdue || s.tasksDue);

/** The built-in saved views; staff add their own (./saved-views.ts). */
export const BUILT_IN_VIEWS = [
  { id: "all", label: "leads.view.all", query: "" },
  { id: "mine", label: "leads.view.mine", query: "?assignee=me" },
  { id: "unassigned", label: "leads.view.unassigned", query: "?assignee=unassigned" },
  { id: "overdue", label: "leads.view.overdue", query: "?overdue=1" },
  { id: "tasks-due", label: "leads.view.tasksDue", query: "?tasks=due" },
] as const;

/** Where "back to the list" returns: the list's last query, kept for the tab's session. */
export const LAST_LIST_KEY = "once.dashboard.leads.lastQuery";
