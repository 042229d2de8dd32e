"use client";
// Hands the dashboard's texts (this language's table only) and the staff member's time zone to
// client components: `const { t, time } = useDashboard()`; `time(date)` is the client half of
// the time-zone helper (../time-zone.ts), `serverTimeFormat()` the server half.
import { createContext, useContext, useMemo } from "react";
import type { Locale } from "../messages";
import { formatTime, type TimeStyle } from "../time-zone";
import { translateWith } from "../translate";
import type { DashboardMessages, DashboardTranslate } from "./index";

interface DashboardContext {
  locale: Locale;
  timeZone: string;
  t: DashboardTranslate;
  time: (date: Date, style?: TimeStyle) => string;
}

const Context = createContext<DashboardContext | null>(null);

export function DashboardProvider({
  locale,
  messages,
  timeZone,
  children,
}: {
  locale: Locale;
  messages: DashboardMessages;
  timeZone: string;
  children: React.ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, timeZone, t: translateWith(messages), time: (date: Date, style?: TimeStyle) => formatTime(date, locale, timeZone, style) }),
    [locale, messages, timeZone],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useDashboard(): DashboardContext {
  const value = useContext(Context);
  if (!value) throw new Error("useDashboard outside <DashboardProvider>");
  return value;
}
