"use client";
// Staff management for admins: the accounts, inviting one (with a temporary password the
// admin hands over), resetting a password, disabling and enabling. A member still on the
// temporary password (invited or reset, not yet replaced on the password page) is marked. The server's refusal (weak
// password, unknown role, own account) is worded in the reader's language from its reason code
// (./refusal-text.ts).
import { useState } from "react";
import { PageMessages, type PageMessage } from "../page-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, DataTable, Field, Input, Select } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { usePhone } from "../use-phone";
import { refusalText } from "./refusal-text";

const ROLES = ["sales", "admin"] as const;

/** `ownEmail`: the signed-in admin, whose own account offers no "Disable" (the server refuses it too). */
export function StaffAdmin({ ownEmail }: { ownEmail: string }) {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.dashboard.staffAccounts.list.queryOptions());
  const [message, setMessage] = useState<PageMessage | null>(null);
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [resetPassword, setResetPassword] = useState("");
  const [invite, setInvite] = useState({ email: "", name: "", role: "sales", password: "" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.staffAccounts.list.queryKey() });
  const refused = (error: { message: string }) => setMessage({ tone: "danger", text: refusalText(error, t) });
  const done = (text: string) => (setMessage({ tone: "success", text }), void refresh());
  const inviteMutation = useMutation(
    trpc.dashboard.staffAccounts.invite.mutationOptions({
      onSuccess: () => (
        done(t("staff.invite.done", { email: invite.email.trim().toLowerCase() })),
        setInvite({ email: "", name: "", role: "sales", password: "" })
      ),
      onError: refused,
    }),
  );
  const reset = useMutation(
    trpc.dashboard.staffAccounts.resetPassword.mutationOptions({
      onSuccess: (r, input) => (done(t("staff.reset.done", { email: input.email, count: r.revokedSessions })), setResetFor(null), setResetPassword("")),
      onError: refused,
    }),
  );
  const disable = useMutation(
    trpc.dashboard.staffAccounts.disable.mutationOptions({
      onSuccess: (r, input) => done(t("staff.disable.done", { email: input.email, count: r.revokedSessions })),
      onError: refused,
    }),
  );
  const enable = useMutation(
    trpc.dashboard.staffAccounts.enable.mutationOptions({ onSuccess: (_r, input) => done(t("staff.enable.done", { email: input.email })), onError: refused }),
  );
  const roleText = (role: string) => (role === "admin" || role === "sales" ? t(`common.role.${role}`) : role);
  const statusBadge = (a: { disabled: boolean; mustChangePassword: boolean }) => (
    <span className="inline-flex flex-wrap gap-1">
      {a.disabled ? <Badge tone="danger">{t("staff.disabled")}</Badge> : <Badge tone="success">{t("staff.active")}</Badge>}
      {a.mustChangePassword ? <Badge tone="warning">{t("staff.mustChangePassword")}</Badge> : null}
    </span>
  );
  /** Enable or disable, reset the password (its form opens in place): the same in a row and a card. */
  const actions = (a: { email: string; disabled: boolean }) => (
    <>
      <div className="flex flex-wrap gap-2">
        {a.disabled ? (
          <Button size="sm" onClick={() => enable.mutate({ email: a.email })}>
            {t("staff.enable")}
          </Button>
        ) : a.email === ownEmail ? null : (
          <Button size="sm" onClick={() => disable.mutate({ email: a.email })}>
            {t("staff.disable")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => (setResetFor(a.email), setResetPassword(""))}>
          {t("staff.resetPassword")}
        </Button>
      </div>
      {resetFor === a.email ? (
        <form className="mt-3 space-y-2" onSubmit={(e) => (e.preventDefault(), reset.mutate({ email: a.email, password: resetPassword }))}>
          <Field id="reset-password" label={t("staff.reset.title", { email: a.email })}>
            <Input id="reset-password" type="password" autoComplete="new-password" value={resetPassword} onChange={(e) => setResetPassword(e.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button size="sm" variant="primary" type="submit" disabled={reset.isPending}>
              {t("staff.reset.submit")}
            </Button>
            <Button size="sm" onClick={() => setResetFor(null)}>
              {t("staff.reset.cancel")}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
  return (
    <div className="space-y-6">
      <PageMessages message={message} loadError={accounts.error} testId="staff-message" />
      {phone ? (
        <ul className="space-y-3">
          {accounts.data?.map((a) => (
            <li key={a.email}>
              <Card data-testid="staff-row" data-email={a.email} className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{a.name}</span>
                  <span className="text-sm text-ink-muted">{roleText(a.role)}</span>
                  <span className="ms-auto">{statusBadge(a)}</span>
                </div>
                <p className="text-sm break-all">{a.email}</p>
                <p className="text-xs text-ink-muted">
                  {t("staff.card.since", { date: time(a.createdAt, "date") })} · {t("staff.card.sessions", { count: a.activeSessions })}
                </p>
                {actions(a)}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th scope="col">{t("staff.col.email")}</th>
              <th scope="col">{t("staff.col.name")}</th>
              <th scope="col">{t("staff.col.role")}</th>
              <th scope="col">{t("staff.col.status")}</th>
              <th scope="col">{t("staff.col.sessions")}</th>
              <th scope="col">{t("staff.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.data?.map((a) => (
              <tr key={a.email} data-testid="staff-row" data-email={a.email}>
                <td className="break-all">
                  {a.email}
                  <span className="block text-xs text-ink-muted">{time(a.createdAt, "date")}</span>
                </td>
                <td>{a.name}</td>
                <td>{roleText(a.role)}</td>
                <td>{statusBadge(a)}</td>
                <td className="tabular-nums">{a.activeSessions}</td>
                <td>{actions(a)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Card role="region" aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="mb-3 text-lg font-semibold">
          {t("staff.invite.title")}
        </h2>
        <form className="grid gap-x-3 sm:grid-cols-2" onSubmit={(e) => (e.preventDefault(), inviteMutation.mutate(invite))}>
          <Field id="invite-email" label={t("staff.invite.email")}>
            <Input id="invite-email" type="email" required value={invite.email} onChange={(e) => setInvite((v) => ({ ...v, email: e.target.value }))} />
          </Field>
          <Field id="invite-name" label={t("staff.invite.name")}>
            <Input id="invite-name" required value={invite.name} onChange={(e) => setInvite((v) => ({ ...v, name: e.target.value }))} />
          </Field>
          <Field id="invite-role" label={t("staff.invite.role")}>
            <Select id="invite-role" value={invite.role} onChange={(e) => setInvite((v) => ({ ...v, role: e.target.value }))}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common.role.${r}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="invite-password" label={t("staff.invite.password")} hint={t("staff.invite.passwordHint")}>
            <Input
              id="invite-password"
              type="password"
              autoComplete="new-password"
              required
              value={invite.password}
              aria-describedby="invite-password-hint"
              onChange={(e) => setInvite((v) => ({ ...v, password: e.target.value }))}
            />
          </Field>
          <div className="sm:col-span-2">
            <Button variant="primary" type="submit" disabled={inviteMutation.isPending}>
              {t("staff.invite.submit")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
