"use client";
// Loads the submission engine (./engine.tsx) once per tab, restores the persisted submissions,
// and hands it to the forms through context. Kept out of the first load, and not loaded at all
// until it is needed: at once when this browser has submissions stored (one to resume, a receipt
// to show), otherwise when a form is first touched or submitted (./use-deferred-submission.tsx)
// or another tab stores one. A page nobody fills in (the catalog, a guide read and left) never
// evaluates it: it was the largest task after hydration in Lighthouse's trace (BENCHMARKS.md).
// If loading fails (the connection dropped), it is tried again when the browser is back online.
import { createContext, useContext, useEffect, useState } from "react";
import type * as EngineModule from "./engine";
import { hasStoredSubmissions, SUBMISSION_STORE_KEY } from "./store-key";

export type Engine = typeof EngineModule;

let loading: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  loading ??= import("./engine")
    .then(async (engine) => {
      await engine.restoreSubmissions();
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
    if (hasStoredSubmissions()) request();
    const stored = (event: StorageEvent) => event.key === SUBMISSION_STORE_KEY && event.newValue !== null && request();
    window.addEventListener("online", retry);
    window.addEventListener("storage", stored);
    return () => {
      window.removeEventListener("online", retry);
      window.removeEventListener("storage", stored);
    };
  }, [request, retry]);
  // A new value only when the engine arrives: nothing else renders this provider.
  return <EngineContext.Provider value={{ engine, request }}>{children}</EngineContext.Provider>;
}

export function useEngine(): EngineState {
  return useContext(EngineContext);
}
