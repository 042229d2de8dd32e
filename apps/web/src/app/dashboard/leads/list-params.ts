// The lead list's state lives in the URL (?q=…&status=…&assignee=…&from=…&to=…&dup=1&overdue=1&tasks=due&sort=…&dir=…),
// so a list can be bookmarked, shared, reloaded and returned to from a lead's page. Parsing is
// forgiving: an unknown value is ignored, never an error page. The parameters are read in
// packages/api (dashboard/lead-list-params.ts), where the saved views check theirs with the same readers.
import { listQuery, parseListState, type ListSort, type ListState } from "@once/api/dashboard/lead-list-params";

export { listQuery, parseListState, type ListState };
export type Sort = ListSort;

export const EMPTY_STATE: ListState = { q: "", dup: false, overdue: false, tasksDue: false, sort: "received", dir: "desc" };

/** True when any filter narrows the list (sorting does not). */
export const isFiltered = (s: ListState) => Boolean(s.q.trim() || s.status || s.assignee || s.from || s.to || s.dup || s.overdue || s.tasksDue);

/** The built-in saved views; staff save their own on the server (./saved-views.ts). */
export const BUILT_IN_VIEWS = [
  { id: "all", label: "leads.view.all", query: "" },
  { id: "mine", label: "leads.view.mine", query: "?assignee=me" },
  { id: "unassigned", label: "leads.view.unassigned", query: "?assignee=unassigned" },
  { id: "overdue", label: "leads.view.overdue", query: "?overdue=1" },
  { id: "tasks-due", label: "leads.view.tasksDue", query: "?tasks=due" },
] as const;

/** Where "back to the list" returns: the list's last query, kept for the tab's session. */
export const LAST_LIST_KEY = "once.dashboard.leads.lastQuery";
