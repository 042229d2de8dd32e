"use client";
// "Manage views" under the saved views bar: each of my views can be shared or unshared, renamed
// and deleted (after a confirmation); each view the team shares says whose it is, and an admin
// is told they may delete it (for everyone). One row per view, wrapping on a phone.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Badge, Button, Input, Notice } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import type { SavedView } from "./saved-views";
import { viewRefusal } from "./saved-view-refusal";

type Editing = { id: string; mode: "rename" | "delete" } | null;

export function SavedViewsManager({ views, onChanged }: { views: SavedView[]; onChanged: () => Promise<unknown> }) {
  const { t } = useDashboard();
  const trpc = useTRPC();
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const settle = { onSuccess: async () => (setEditing(null), setError(null), await onChanged()), onError: setError };
  const rename = useMutation(trpc.dashboard.leads.views.rename.mutationOptions(settle));
  const share = useMutation(trpc.dashboard.leads.views.share.mutationOptions(settle));
  const remove = useMutation(trpc.dashboard.leads.views.delete.mutationOptions(settle));
  const busy = rename.isPending || share.isPending || remove.isPending;
  const start = (id: string, mode: "rename" | "delete", current = "") => (setEditing({ id, mode }), setName(current), setError(null));

  const row = (view: SavedView) => {
    const open = editing?.id === view.id ? editing.mode : null;
    return (
      <li key={view.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="manage-view" data-name={view.name}>
        <span className="min-w-0 break-words font-medium">{view.name}</span>
        {view.mine ? (
          <Badge tone={view.shared ? "brand" : "neutral"}>{t(view.shared ? "leads.view.sharedMine" : "leads.view.private")}</Badge>
        ) : (
          <span className="text-sm text-ink-muted">{t("leads.view.sharedBy", { name: view.owner.name })}</span>
        )}
        <span className="ms-auto flex flex-wrap gap-1">
          {view.mine && !open ? (
            <>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => share.mutate({ id: view.id, shared: !view.shared })}>
                {t(view.shared ? "leads.view.unshare" : "leads.view.share")}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => start(view.id, "rename", view.name)}>
                {t("leads.view.rename")}
              </Button>
            </>
          ) : null}
          {view.canDelete && !open ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => start(view.id, "delete")}>
              {t("leads.view.deleteButton")}
            </Button>
          ) : null}
        </span>
        {!view.mine && view.canDelete && !open ? <p className="w-full text-xs text-ink-muted">{t("leads.view.adminMayDelete")}</p> : null}
        {open === "rename" ? (
          <form
            className="flex w-full flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate({ id: view.id, name });
            }}
          >
            <Input
              aria-label={t("leads.view.renameLabel", { name: view.name })}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="w-full py-1.5 sm:w-56"
              autoFocus
              maxLength={60}
            />
            <Button type="submit" size="sm" variant="primary" disabled={!name.trim() || busy}>
              {t("leads.view.saveConfirm")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              {t("leads.view.cancel")}
            </Button>
          </form>
        ) : null}
        {open === "delete" ? (
          <div
            role="alertdialog"
            aria-label={t("leads.view.deleteConfirm", { name: view.name })}
            className="w-full space-y-2 rounded-control bg-surface-muted p-3"
          >
            <p className="text-sm font-medium">{t("leads.view.deleteConfirm", { name: view.name })}</p>
            {view.shared ? <p className="text-sm text-ink-muted">{t(view.mine ? "leads.view.deleteShared" : "leads.view.adminDeletes")}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="primary" disabled={busy} onClick={() => remove.mutate({ id: view.id })}>
                {t("leads.view.deleteButton")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                {t("leads.view.cancel")}
              </Button>
            </div>
          </div>
        ) : null}
      </li>
    );
  };
  const mine = views.filter((v) => v.mine);
  const team = views.filter((v) => !v.mine);
  return (
    <section className="rounded-card border border-line bg-surface p-3 sm:p-4" aria-label={t("leads.view.manage")} data-testid="manage-views">
      <h3 className="text-sm font-semibold">{t("leads.view.mineHeading")}</h3>
      {mine.length === 0 ? (
        <p className="py-2 text-sm text-ink-muted">{t("leads.view.noneMine")}</p>
      ) : (
        <ul className="divide-y divide-line">{mine.map(row)}</ul>
      )}
      {team.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold">{t("leads.view.teamHeading")}</h3>
          <ul className="divide-y divide-line">{team.map(row)}</ul>
        </>
      ) : null}
      {error ? (
        <Notice tone="danger" icon={<Icon node={CircleAlert} />} role="alert" className="mt-2" data-testid="manage-view-error">
          {viewRefusal(error, t, "leads.view.refusedChange")}
        </Notice>
      ) : null}
    </section>
  );
}
