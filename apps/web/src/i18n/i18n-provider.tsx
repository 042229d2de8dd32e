"use client";
// Hands the server-chosen locale to client components; `useI18n()` gives `t` and the locale.
import { createContext, useContext, useMemo } from "react";
import { translator, type Locale, type Translate } from "./messages";

const I18nContext = createContext<{ locale: Locale; t: Translate } | null>(null);

export function I18nProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, t: translator(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside <I18nProvider>");
  return value;
}
