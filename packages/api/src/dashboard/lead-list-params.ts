// The lead list's state in the URL (?q=…&status=…&assignee=…&from=…&to=…&dup=1&overdue=1&tasks=due&sort=…&dir=…):
// one reader per parameter, used by the page (apps/web's dashboard/leads/list-params.ts) to read
// its URL and by the saved views (./saved-views.ts) to refuse a query the list would not read.
// No Prisma here: the page imports it in the browser.
import { LEAD_STATUSES, type LeadStatus } from "@once/db/domain";

export const LIST_SORTS = ["received", "name", "status"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

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
  sort: ListSort;
  dir: "asc" | "desc";
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const flag = (value: string) => (value === "1" ? true : value === "0" ? false : undefined);
const isStatus = (value: string): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value);
const isSort = (value: string): value is ListSort => (LIST_SORTS as readonly string[]).includes(value);

/**
 * Each parameter's reader: its value in the state, or undefined for a value the list does not
 * take (the page then ignores it; a saved view is refused). The keys are the list's parameters.
 */
const READERS = {
  q: (value: string) => value,
  status: (value: string) => (isStatus(value) ? value : undefined),
  assignee: (value: string) => (value !== "" && value.length <= 64 ? value : undefined),
  from: (value: string) => (DAY.test(value) ? value : undefined),
  to: (value: string) => (DAY.test(value) ? value : undefined),
  dup: flag,
  overdue: flag,
  tasks: (value: string) => (value === "due" ? true : undefined),
  sort: (value: string) => (isSort(value) ? value : undefined),
  dir: (value: string) => (value === "asc" || value === "desc" ? value : undefined),
} satisfies Record<string, (value: string) => unknown>;

type Param = keyof typeof READERS;
const isParam = (name: string): name is Param => Object.hasOwn(READERS, name);

function read<P extends Param>(params: URLSearchParams, name: P): ReturnType<(typeof READERS)[P]> | undefined {
  const value = params.get(name);
  return value === null ? undefined : (READERS[name](value) as ReturnType<(typeof READERS)[P]>);
}

/** Forgiving: an unknown parameter or value is ignored, never an error page. */
export function parseListState(params: URLSearchParams): ListState {
  return {
    q: read(params, "q") ?? "",
    status: read(params, "status"),
    assignee: read(params, "assignee"),
    from: read(params, "from"),
    to: read(params, "to"),
    dup: read(params, "dup") ?? false,
    overdue: read(params, "overdue") ?? false,
    tasksDue: read(params, "tasks") ?? false,
    sort: read(params, "sort") ?? "received",
    dir: read(params, "dir") ?? "desc",
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

/** Why the list would not read a query as written, or null: the first parameter it does not know, gives twice, or whose value it would ignore. */
export function listQueryProblem(query: string): { problem: "unknown" | "repeated" | "value"; name: string } | null {
  const params = new URLSearchParams(query);
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!isParam(name)) return { problem: "unknown", name };
    if (seen.has(name)) return { problem: "repeated", name };
    seen.add(name);
    if (read(params, name) === undefined) return { problem: "value", name };
  }
  return null;
}
