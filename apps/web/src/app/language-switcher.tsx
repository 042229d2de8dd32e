"use client";
// Switches the UI language: remembers the choice in the `lang` cookie and re-renders.
import { useRouter } from "next/navigation";
import { useI18n } from "~/i18n/i18n-provider";
import type { Locale } from "~/i18n/messages";

const NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function LanguageSwitcher() {
  const { locale, t } = useI18n();
  const router = useRouter();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t("nav.language")}</span>
      <select
        value={locale}
        aria-label={t("nav.language")}
        onChange={(e) => {
          document.cookie = `lang=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
      >
        {(Object.keys(NAMES) as Locale[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
