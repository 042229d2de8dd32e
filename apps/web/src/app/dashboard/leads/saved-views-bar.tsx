"use client";
// The saved views above the list: the built-in ones (all, "My leads", "Unassigned") and the
// staff member's own (./saved-views.ts), each a link to a list query; "save this view" names the
// current one.
import { useState } from "react";
import { Button, Input, cx } from "@once/ui";
import { Icon, X } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { BUILT_IN_VIEWS } from "./list-params";
import { useSavedViews } from "./saved-views";

const chip = "inline-flex min-h-9 items-center rounded-control px-3 text-sm font-medium";

export function SavedViewsBar({ query, onChoose }: { query: string; onChoose: (query: string) => void }) {
  const { t } = useDashboard();
  const { views, save, remove } = useSavedViews();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const item = (key: string, label: string, q: string, removable: boolean) => (
    <li key={key} className="flex items-center">
      <button
        type="button"
        aria-current={q === query ? "true" : undefined}
        onClick={() => onChoose(q)}
        className={cx(chip, q === query ? "bg-brand text-on-brand" : "bg-surface-muted text-ink hover:bg-line")}
      >
        {label}
      </button>
      {removable ? (
        <button
          type="button"
          aria-label={t("leads.view.delete", { name: label })}
          onClick={() => remove(label)}
          className="ms-0.5 rounded p-1 text-ink-muted hover:text-danger"
        >
          <Icon node={X} className="size-4" />
        </button>
      ) : null}
    </li>
  );
  return (
    <nav aria-label={t("leads.views")} className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap items-center gap-2">
        {BUILT_IN_VIEWS.map((v) => item(v.id, t(v.label), v.query, false))}
        {views.map((v) => item(`own-${v.name}`, v.name, v.query, true))}
      </ul>
      {naming ? (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && query) save({ name: name.trim().slice(0, 40), query });
            setNaming(false);
            setName("");
          }}
        >
          <Input
            aria-label={t("leads.view.saveName")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="w-44 py-1.5"
            autoFocus
            maxLength={40}
          />
          <Button type="submit" size="sm" variant="primary" disabled={!name.trim()}>
            {t("leads.view.saveConfirm")}
          </Button>
        </form>
      ) : query && !BUILT_IN_VIEWS.some((v) => v.query === query) && !views.some((v) => v.query === query) ? (
        <Button size="sm" variant="ghost" onClick={() => setNaming(true)}>
          {t("leads.view.save")}
        </Button>
      ) : null}
    </nav>
  );
}
