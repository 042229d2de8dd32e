"use client";
// Live new leads for an open list: the server's event stream (dashboard.leads.onCreated) says
// whether its node hears new leads live and sends each new lead's id. The list re-reads at
// once; ids that arrive are "fresh" (highlighted, counted in the tab title) until seen. The list
// polls only while the stream is down or its node is not live (`polling`), and re-reads when the
// stream (re)starts, so nothing committed while it was down is missed.
import { useEffect, useRef, useState } from "react";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "~/trpc/react";

export function useLiveLeads(refresh: () => void) {
  const trpc = useTRPC();
  const [nodeLive, setNodeLive] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const stream = useSubscription(
    trpc.dashboard.leads.onCreated.subscriptionOptions(undefined, {
      onStarted: () => refreshRef.current(),
      onData: (event) => {
        if ("live" in event) return setNodeLive(event.live ?? false);
        setFresh((previous) => new Set(previous).add(event.id));
        refreshRef.current();
      },
    }),
  );
  const polling = stream.status !== "pending" || !nodeLive;
  const seen = (id?: string) => setFresh((previous) => (id ? new Set([...previous].filter((f) => f !== id)) : new Set()));
  return { polling, fresh, seen };
}

/**
 * Puts "(n) " before the page's title while n > 0; restores it after. The title is read when the
 * count changes (Next sets it after hydration, and again on navigation or a language switch),
 * never assumed from the first render.
 */
export function useTitleCount(n: number, format: (n: number, title: string) => string) {
  const titles = useRef<{ base: string; shown: string | null }>({ base: "", shown: null });
  useEffect(() => {
    const state = titles.current;
    if (n === 0 && state.shown === null) return;
    if (document.title !== state.shown) state.base = document.title;
    state.shown = n > 0 ? format(n, state.base) : null;
    document.title = state.shown ?? state.base;
  }, [n, format]);
  useEffect(
    () => () => {
      if (titles.current.shown !== null) document.title = titles.current.base;
    },
    [],
  );
}
