"use client";
// Loads the submission engine (./engine.tsx) once per tab, restores the persisted submissions
// and takes the presses caught before it (./early-press.ts), and hands it to the forms through
// context. Kept out of the first load, and not loaded at all until it is needed: at once when
// this browser has submissions or presses stored (one to send or resume, a receipt to show),
// otherwise when a form is first touched or pressed (./use-deferred-submission.tsx) or another
// tab stores one. A page nobody fills in (the catalog, a guide read and left) never
// evaluates it: it was the largest task after hydration in Lighthouse's trace (BENCHMARKS.md).
// If loading fails (the connection dropped), it is tried again when the browser is back online.
import { createContext, useContext, useEffect, useState } from "react";
import type * as EngineModule from "./engine";
import { ENGINE_STORE_KEYS, hasStoredSubmissions, HELD_EVENT, HYDRATED_ATTRIBUTE } from "./store-key";

export type Engine = typeof EngineModule;

let loading: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  loading ??= import("./engine")
    .then(async (engine) => {
      await engine.restoreSubmissions(); // and takes the stored presses
      return engine;
    })
    .catch((error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    });
  return loading;
}

interface EngineState {
  engine: Engine | null;
  /** Asks for the engine (idempotent); the context's `engine` is set once it has loaded. */
  request: () => void;
}

const EngineContext = createContext<EngineState>({ engine: null, request: () => undefined });

export function SubmissionEngineProvider({ children }: { children: React.ReactNode }) {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [{ request, retry }] = useState(() => {
    let wanted = false;
    const ask = () => {
      wanted = true;
      void loadEngine().then(
        (loaded) => setEngine(() => loaded),
        () => undefined,
      );
    };
    return { request: ask, retry: () => wanted && ask() };
  });
  useEffect(() => {
    // From here on a press before the engine is React's to follow: ./early-press.ts no longer reloads.
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    if (hasStoredSubmissions()) request();
    const stored = (event: StorageEvent) => ENGINE_STORE_KEYS.includes(event.key!) && event.newValue !== null && request();
    window.addEventListener("online", retry);
    window.addEventListener("storage", stored);
    document.addEventListener(HELD_EVENT, request);
    return () => {
      window.removeEventListener("online", retry);
      window.removeEventListener("storage", stored);
      document.removeEventListener(HELD_EVENT, request);
    };
  }, [request, retry]);
  // A new value only when the engine arrives: nothing else renders this provider.
  return <EngineContext.Provider value={{ engine, request }}>{children}</EngineContext.Provider>;
}

export function useEngine(): EngineState {
  return useContext(EngineContext);
}
