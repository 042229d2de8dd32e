"use client";
import { useMutationState, useQuery } from "@tanstack/react-query";
import { useI18n } from "~/i18n/i18n-provider";
import type { MessageKey } from "~/i18n/messages";
import { useTRPC } from "~/trpc/react";
import { MAX_PENDING_AGE_MS, SESSION_CHANGED, SUBMIT_KEY, type OperationVariables } from "~/submission/outcome";
import { sessionChangedFor } from "~/submission/session-tag";

export function MyHistory() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.me.history.queryOptions(), refetchInterval: 15_000 });
  // Unconfirmed operations kept on this device: still being checked, or needing attention
  // (older than 7 days, or sent under a session this browser no longer has).
  const pending = useMutationState({
    filters: { mutationKey: [SUBMIT_KEY] },
    select: (m) => ({
      vars: m.state.variables as OperationVariables,
      status: m.state.status,
      sessionChanged: m.state.status === "error" && (m.state.error as { code?: string } | null)?.code === SESSION_CHANGED,
    }),
  })
    .filter((p) => p.status === "pending" || p.sessionChanged)
    .map(({ vars, sessionChanged }) => ({
      ...vars,
      attention: sessionChanged || sessionChangedFor(vars) || Date.now() - vars.submittedAt > MAX_PENDING_AGE_MS,
    }));
  const date = (d: Date) => d.toLocaleString(locale);
  const status = (s: string) => t(`me.status.${s}` as MessageKey);
  return (
    <div className="history">
      {pending.length > 0 ? (
        <section aria-labelledby="pending-heading">
          <h2 id="pending-heading">{t("me.pendingHere")}</h2>
          <ul>
            {pending.map((p) => (
              <li key={p.key} data-testid="pending-operation">
                {p.type === "order" ? `${String(p.params.item)} × ${String(p.params.quantity)}` : t("me.leads")} —{" "}
                {p.attention ? `${t("status.attention.title")} (${p.key})` : t("status.pending.title")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">{t("me.orders")}</h2>
        {data?.orders.length ? (
          <ul>
            {data.orders.map((o) => (
              <li key={o.id} data-testid="my-order">
                <strong>{o.number}</strong> {o.item} × {o.quantity} — {status(o.status)} <span className="muted">{date(o.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("me.none")}</p>
        )}
      </section>
      <section aria-labelledby="leads-heading">
        <h2 id="leads-heading">{t("me.leads")}</h2>
        {data?.leads.length ? (
          <ul>
            {data.leads.map((l) => (
              <li key={l.id} data-testid="my-lead">
                <strong>{l.number}</strong> — {status(l.status)} <span className="muted">{date(l.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("me.none")}</p>
        )}
      </section>
    </div>
  );
}
