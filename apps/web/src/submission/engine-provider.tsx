"use client";
// Loads the submission engine (./engine.tsx) once per tab, right after hydration, restores the
// persisted submissions, and hands it to the forms through context. Kept out of the first load
// so a form page becomes interactive sooner; a form shows its submit button as unavailable
// until the engine is here. If loading fails (the connection dropped), it is tried again when
// the browser is back online.
import { createContext, useContext, useEffect, useState } from "react";
import type * as EngineModule from "./engine";

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

const EngineContext = createContext<Engine | null>(null);

export function SubmissionEngineProvider({ children }: { children: React.ReactNode }) {
  const [engine, setEngine] = useState<Engine | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadEngine().then(
        (loaded) => live && setEngine(() => loaded),
        () => undefined,
      );
    load();
    window.addEventListener("online", load);
    return () => {
      live = false;
      window.removeEventListener("online", load);
    };
  }, []);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

export function useEngine(): Engine | null {
  return useContext(EngineContext);
}
