"use client";
// The lists' filters fold behind one "Filters" button (issue 26, item 7): open on a desktop
// screen, folded on a phone so the list starts on the first screen; the button counts the
// filters in force, so a folded filter never hides why the list is short. Until the person
// chooses, CSS picks the state by screen width, so a phone's first paint is already folded.
import { useState } from "react";
import { Button, cx } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { usePhone } from "./use-phone";

export function useFilterDisclosure() {
  const phone = usePhone();
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? !phone;
  return {
    /** Classes for the filters' container, which is a grid when shown. */
    className: choice === null ? "hidden sm:grid" : choice ? "grid" : "hidden",
    button: { open, toggle: () => setChoice(!open) },
  };
}

export function FiltersButton({ open, toggle, active, controls }: { open: boolean; toggle: () => void; active: number; controls: string }) {
  const { t } = useDashboard();
  return (
    <Button variant="ghost" size="sm" className={cx("shrink-0", active > 0 && "font-semibold")} aria-expanded={open} aria-controls={controls} onClick={toggle}>
      {active > 0 ? t("common.filtersActive", { count: active }) : t("common.filters")}
    </Button>
  );
}
