"use client";
// Saved views of the lead list, kept on the server (packages/api's dashboard/saved-views.ts):
// the staff member's own and the team's shared ones. The built-in ones ("My leads",
// "Unassigned", "Overdue") are in ./list-params.ts. Views an older version kept in this
// browser's localStorage are moved to the server on the first load, silently; the server takes
// each name once, so two tabs moving them together make no duplicates.
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

/** Where the views lived before they were kept on the server. */
const LOCAL_KEY = "once.dashboard.leads.views";

/** The views this browser still keeps (name and query), or none. */
function localViews(): { name: string; query: string }[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((v: unknown): v is { name: string; query: string } => {
        const view = v as { name?: unknown; query?: unknown } | null;
        return typeof view?.name === "string" && typeof view.query === "string";
      })
      .map(({ name, query }) => ({ name, query }))
      .slice(0, 20);
  } catch {
    return [];
  }
}

export function useSavedViews() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.dashboard.leads.views.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.leads.views.list.queryKey() });
  const moveLocal = useMutation(
    trpc.dashboard.leads.views.importLocal.mutationOptions({
      onSuccess: ({ kept }) => {
        // What did not fit under the cap stays here for a later load; the rest is on the server.
        if (kept.length > 0) localStorage.setItem(LOCAL_KEY, JSON.stringify(kept));
        else localStorage.removeItem(LOCAL_KEY);
        void refresh();
      },
    }),
  );
  const { mutate: move } = moveLocal;
  useEffect(() => {
    if (localStorage.getItem(LOCAL_KEY) === null) return;
    const views = localViews();
    if (views.length === 0) localStorage.removeItem(LOCAL_KEY);
    // A failure (offline, rate limited) leaves them here, moved on a later load.
    else move({ views });
  }, [move]);
  return { views: list.data ?? [], loadError: list.error, refresh };
}

export type SavedView = NonNullable<ReturnType<typeof useSavedViews>["views"]>[number];
