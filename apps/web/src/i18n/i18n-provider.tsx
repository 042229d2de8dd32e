"use client";
// Hands the server-chosen locale and its messages to client components; `useI18n()` gives `t`
// and the locale. Only the current language's table travels to the browser.
import { createContext, useContext, useMemo } from "react";
import type { Locale, Messages, Translate } from "./messages";
import { translateWith } from "./translate";

const I18nContext = createContext<{ locale: Locale; t: Translate } | null>(null);

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, t: translateWith(messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside <I18nProvider>");
  return value;
}
