"use client";
// Switches the UI language: two buttons (each named in its own language, so a reader of either
// finds theirs), the choice remembered in the `lang` cookie, the page re-rendered on the server.
// The globe beside them comes from the caller (`languageIcon`): rendered by a server component,
// its drawing travels in the page's HTML instead of the customer pages' first-load JavaScript.
import { useRouter } from "next/navigation";
import { cx } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import type { Locale } from "~/i18n/messages";

const NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function LanguageSwitcher({ icon }: { icon?: React.ReactNode }) {
  const { locale, t } = useI18n();
  const router = useRouter();
  const choose = (next: Locale) => {
    document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };
  return (
    <div role="group" aria-label={t("nav.language")} className="flex items-center gap-1 rounded-full border border-line bg-surface p-0.5 text-sm">
      {icon}
      {(Object.keys(NAMES) as Locale[]).map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => l !== locale && choose(l)}
          className={cx(
            "min-h-8 rounded-full px-2.5 font-medium transition-colors",
            l === locale ? "bg-brand text-on-brand" : "text-ink-muted hover:bg-surface-muted hover:text-ink",
          )}
        >
          {NAMES[l]}
        </button>
      ))}
    </div>
  );
}
