"use client";
// Each of this customer's operations once: the server's record when it has one, else the
// entry kept on this device (pending, or needing attention). A local entry disappears as soon
// as the server's list holds its key. Every item carries its number as anchor, the target of
// the forms' "last confirmation" links.
import { useMutationState, useQuery } from "@tanstack/react-query";
import { Badge, type BadgeProps, cardClasses, cx } from "@once/ui";
import { Clock, Icon, Inbox, Mail, Package, TriangleAlert } from "@once/ui/icons";
import { useI18n } from "~/i18n/i18n-provider";
import type { MessageKey } from "~/i18n/messages";
import { useTRPC } from "~/trpc/react";
import { MAX_PENDING_AGE_MS, SESSION_CHANGED, SUBMIT_KEY, type OperationVariables } from "~/submission/submission-types";
import { RECEIPT_WORDS } from "~/submission/receipt-words";
import { sessionChangedFor } from "~/submission/session-tag";

const STATUS_TONE: Record<string, BadgeProps["tone"]> = {
  received: "brand",
  packed: "brand",
  shipped: "brand",
  delivered: "success",
  cancelled: "neutral",
  new: "brand",
  contacted: "brand",
  qualified: "brand",
  won: "success",
  lost: "neutral",
};

function Item({
  id,
  icon,
  title,
  detail,
  badge,
  when,
  testId,
}: {
  id?: string;
  icon: React.ReactNode;
  title: React.ReactNode;
  detail?: string;
  badge: React.ReactNode;
  when: string;
  testId: string;
}) {
  return (
    <li id={id} data-testid={testId} className={cx(cardClasses, "flex scroll-mt-6 gap-4 p-4 target:ring-2 target:ring-brand sm:p-5")}>
      <span aria-hidden className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-ink">{title}</p>
          {badge}
        </div>
        {detail ? <p className="text-sm break-words text-ink">{detail}</p> : null}
        <p className="text-sm text-ink-muted">
          <time data-changing>{when}</time>
        </p>
      </div>
    </li>
  );
}

export function MyHistory() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const zh = locale === "zh-CN";
  const { data } = useQuery({ ...trpc.me.history.queryOptions(), refetchInterval: 15_000 });
  const { data: guides } = useQuery(trpc.catalog.list.queryOptions());
  const titleOf = (slug: string) => {
    const guide = guides?.find((g) => g.slug === slug);
    return guide ? (zh ? guide.titleZh : guide.titleEn) : slug;
  };
  const known = new Set([...(data?.orders ?? []), ...(data?.leads ?? [])].map((r) => r.operationKey));
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
    .filter((p) => (p.status === "pending" || p.sessionChanged) && !known.has(p.vars.key))
    .map(({ vars, sessionChanged }) => ({
      ...vars,
      attention: sessionChanged || sessionChangedFor(vars) || Date.now() - vars.submittedAt > MAX_PENDING_AGE_MS,
    }));
  const date = (d: Date | number) => new Date(d).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const status = (s: string) => <Badge tone={STATUS_TONE[s] ?? "neutral"}>{t(`me.status.${s}` as MessageKey)}</Badge>;
  const empty = (text: string) => (
    <p className="flex items-center gap-2 rounded-card border border-dashed border-line p-5 text-sm text-ink-muted">
      <Icon node={Inbox} className="size-4" />
      {text}
    </p>
  );
  return (
    <div className="space-y-10">
      {pending.length > 0 ? (
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold">
            {t("me.pendingHere")}
          </h2>
          <ul className="space-y-3">
            {pending.map((p) => (
              <Item
                key={p.key}
                testId="pending-operation"
                icon={p.attention ? <Icon node={TriangleAlert} /> : <Icon node={Clock} />}
                title={RECEIPT_WORDS[p.type].what({ params: p.params, t, titleOf }) ?? t(RECEIPT_WORDS[p.type].noun)}
                detail={p.attention ? t("me.attentionReference", { reference: p.key }) : undefined}
                badge={<Badge tone={p.attention ? "danger" : "warning"}>{p.attention ? t("status.attention.title") : t("status.pending.title")}</Badge>}
                when={date(p.submittedAt)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="orders-heading" className="space-y-3">
        <h2 id="orders-heading" className="text-lg font-semibold">
          {t("me.orders")}
        </h2>
        {data?.orders.length ? (
          <ul className="space-y-3">
            {data.orders.map((o) => (
              <Item
                key={o.id}
                id={o.number}
                testId="my-order"
                icon={<Icon node={Package} />}
                title={
                  <a href={`/track/${o.number}`} className="hover:underline">
                    <span className="font-mono">{o.number}</span> · {zh ? o.titleZh : o.titleEn} × {o.quantity}
                  </a>
                }
                badge={status(o.status)}
                when={date(o.createdAt)}
              />
            ))}
          </ul>
        ) : (
          empty(t("me.noOrders"))
        )}
      </section>
      <section aria-labelledby="leads-heading" className="space-y-3">
        <h2 id="leads-heading" className="text-lg font-semibold">
          {t("me.leads")}
        </h2>
        {data?.leads.length ? (
          <ul className="space-y-3">
            {data.leads.map((l) => (
              <Item
                key={l.id}
                id={l.number}
                testId="my-lead"
                icon={<Icon node={Mail} />}
                title={
                  <a href={`/track/${l.number}`} className="font-mono hover:underline">
                    {l.number}
                  </a>
                }
                detail={l.excerpt}
                badge={status(l.status)}
                when={date(l.createdAt)}
              />
            ))}
          </ul>
        ) : (
          empty(t("me.noLeads"))
        )}
      </section>
    </div>
  );
}
