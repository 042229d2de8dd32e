"use client";
// Switches the UI language: two buttons (each named in its own language, so a reader of either
// finds theirs), the choice remembered in the `lang` cookie, the page re-rendered on the server.
import { useRouter } from "next/navigation";
import { Globe, Icon } from "@once/ui/icons";
import { cx } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import type { Locale } from "~/i18n/messages";

const NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function LanguageSwitcher() {
  const { locale, t } = useI18n();
  const router = useRouter();
  const choose = (next: Locale) => {
    document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };
  return (
    <div role="group" aria-label={t("nav.language")} className="flex items-center gap-1 rounded-full border border-line bg-surface p-0.5 text-sm">
      <Icon node={Globe} className="ms-1.5 hidden size-4 text-ink-muted sm:block" />
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
