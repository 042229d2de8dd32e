"use client";
// A staff member's own saved views of the lead list: a name and the list's query string, kept in
// this browser (localStorage). The built-in ones ("My leads", "Unassigned") are in ./list-params.ts.
import { useCallback, useSyncExternalStore } from "react";

export interface SavedView {
  name: string;
  query: string;
}

const KEY = "once.dashboard.leads.views";
const listeners = new Set<() => void>();
let cache: { raw: string | null; views: SavedView[] } = { raw: null, views: [] };

function read(): SavedView[] {
  const raw = localStorage.getItem(KEY);
  if (raw === cache.raw) return cache.views;
  let views: SavedView[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    if (Array.isArray(parsed))
      views = parsed
        .filter((v: unknown): v is SavedView => {
          const view = v as Partial<SavedView> | null;
          return typeof view?.name === "string" && typeof view.query === "string" && view.query.startsWith("?");
        })
        .slice(0, 20);
  } catch {
    views = [];
  }
  cache = { raw, views };
  return views;
}

function write(views: SavedView[]) {
  localStorage.setItem(KEY, JSON.stringify(views));
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
};
const none: SavedView[] = [];

export function useSavedViews() {
  const views = useSyncExternalStore(subscribe, read, () => none);
  const save = useCallback((view: SavedView) => write([...read().filter((v) => v.name !== view.name), view]), []);
  const remove = useCallback((name: string) => write(read().filter((v) => v.name !== name)), []);
  return { views, save, remove };
}
