"use client";
// What the protocol answered in the last 24 hours, the outbox backlog and failing deliveries.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

const KINDS = [
  ["executed", "created"],
  ["replayed", "replays"],
  ["conflict", "conflicts (422)"],
  ["in_progress", "in progress (409)"],
  ["expired", "expired keys (410)"],
  ["rejected", "business rejections"],
] as const;

export function OpsView() {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.dashboard.ops.summary.queryOptions(), refetchInterval: 10_000 });
  if (!data) return <p>Loading…</p>;
  const max = Math.max(1, ...data.perHour.map((h) => Math.max(h.submissions, h.replays)));
  const barWidth = 14;
  return (
    <div className="ops">
      <section aria-labelledby="answers-heading">
        <h2 id="answers-heading">Last 24 hours</h2>
        <dl className="facts" data-testid="ops-totals">
          {KINDS.map(([kind, label]) => (
            <div key={kind} className="facts-row">
              <dt>{label}</dt>
              <dd>{data.totals[kind] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="chart-heading">
        <h2 id="chart-heading">Submissions and replays per hour</h2>
        <svg
          role="img"
          aria-label="Submissions (blue) and replays (orange) per hour"
          width={Math.max(200, data.perHour.length * (barWidth * 2 + 6))}
          height={140}
        >
          {data.perHour.map((h, i) => {
            const x = i * (barWidth * 2 + 6);
            const s = (h.submissions / max) * 120;
            const r = (h.replays / max) * 120;
            return (
              <g key={h.hour.toISOString()}>
                <title>{`${h.hour.toLocaleString()}: ${h.submissions} submissions, ${h.replays} replays`}</title>
                <rect x={x} y={130 - s} width={barWidth} height={s} fill="#0b57d0" />
                <rect x={x + barWidth} y={130 - r} width={barWidth} height={r} fill="#c2410c" />
              </g>
            );
          })}
        </svg>
      </section>
      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading">Notification outbox</h2>
        <p>
          pending {data.outbox.pending ?? 0} · queued {data.outbox.queued ?? 0} · delivered {data.outbox.delivered ?? 0} · dead {data.outbox.dead ?? 0}
        </p>
        <ul>
          {data.failing.map((f) => (
            <li key={f.id}>
              <Link href={`/dashboard/leads/${f.lead.id}`}>{f.lead.number}</Link> {f.channel}: {f.status} after {f.attempts} attempt(s) — {f.lastError}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
