"use client";
// The saved views above the list: the built-in ones (all, "My leads", "Unassigned", "Overdue"),
// the staff member's own and the ones the team shares ("Shared by …"), each a link to a list
// query (./saved-views.ts keeps them on the server). "Save this view" names the current filters,
// optionally shared; "Manage views" opens ./saved-views-manager.tsx (rename, share, delete).
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, Checkbox, Input, Notice, cx } from "@once/ui";
import { CircleAlert, Icon, Users } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { BUILT_IN_VIEWS } from "./list-params";
import { useSavedViews, type SavedView } from "./saved-views";
import { SavedViewsManager } from "./saved-views-manager";
import { viewRefusal } from "./saved-view-refusal";
import { errorText } from "../error-text";

const chip = "inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-control px-3 text-start text-sm font-medium";

export function SavedViewsBar({ query, onChoose }: { query: string; onChoose: (query: string) => void }) {
  const { t } = useDashboard();
  const trpc = useTRPC();
  const { views, loadError, refresh } = useSavedViews();
  const [naming, setNaming] = useState(false);
  const [managing, setManaging] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const create = useMutation(
    trpc.dashboard.leads.views.create.mutationOptions({
      onSuccess: async () => {
        setNaming(false);
        setName("");
        setShared(false);
        await refresh();
      },
    }),
  );
  const mine = views.filter((v) => v.mine);
  const item = (key: string, q: string, label: string, view?: SavedView) => (
    <li key={key} className="flex max-w-full">
      <button
        type="button"
        aria-current={q === query ? "true" : undefined}
        onClick={() => onChoose(q)}
        data-testid={view ? "saved-view" : undefined}
        className={cx(chip, q === query ? "bg-brand text-on-brand" : "bg-surface-muted text-ink hover:bg-line")}
      >
        {view?.mine && view.shared ? <Icon node={Users} className="size-4 shrink-0" aria-label={t("leads.view.sharedMine")} role="img" /> : null}
        <span className="truncate">{label}</span>
        {view && !view.mine ? (
          <span className={cx("truncate text-xs font-normal", q === query ? "text-on-brand" : "text-ink-muted")}>
            {t("leads.view.sharedBy", { name: view.owner.name })}
          </span>
        ) : null}
      </button>
    </li>
  );
  const canSave = query !== "" && !BUILT_IN_VIEWS.some((v) => v.query === query) && !mine.some((v) => v.query === query);
  return (
    <nav aria-label={t("leads.views")} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex max-w-full flex-wrap items-center gap-2">
          {BUILT_IN_VIEWS.map((v) => item(v.id, v.query, t(v.label)))}
          {views.map((v) => item(v.id, v.query, v.name, v))}
        </ul>
        {canSave && !naming ? (
          <Button size="sm" variant="ghost" onClick={() => (create.reset(), setNaming(true))}>
            {t("leads.view.save")}
          </Button>
        ) : null}
        {views.length > 0 ? (
          <Button size="sm" variant="ghost" aria-expanded={managing} onClick={() => setManaging(!managing)}>
            {t(managing ? "leads.view.manageDone" : "leads.view.manage")}
          </Button>
        ) : null}
      </div>
      {naming ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name, query, shared });
          }}
        >
          <Input
            aria-label={t("leads.view.saveName")}
            placeholder={t("leads.view.saveName")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="w-full py-1.5 sm:w-56"
            autoFocus
            maxLength={60}
          />
          <Checkbox label={t("leads.view.shareOnSave")} checked={shared} onChange={(e) => setShared(e.target.checked)} />
          <Button type="submit" size="sm" variant="primary" disabled={!name.trim() || create.isPending}>
            {t("leads.view.saveConfirm")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => (setNaming(false), create.reset())}>
            {t("leads.view.cancel")}
          </Button>
        </form>
      ) : null}
      {naming && create.error ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert" data-testid="saved-view-error">
          {viewRefusal(create.error, t)}
        </Notice>
      ) : null}
      {loadError ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert">
          {errorText(loadError, t)}
        </Notice>
      ) : null}
      {managing ? <SavedViewsManager views={views} onChanged={refresh} /> : null}
    </nav>
  );
}
