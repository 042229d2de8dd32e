// This node's Prometheus metrics (prom-client), one registry per process. It lives on
// globalThis: Next bundles instrumentation, route handlers and the tRPC endpoint separately,
// each with its own copy of this module, and they must all count into the registry that
// /metrics reads. Names and labels are documented in docs/OPERATIONS.md ("## Metrics").
// (No "server-only" guard: the dashboard test imports it; nothing in the browser does.)
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ObservedKind } from "@once/idempotency/server";

/** Every kind of protocol answer (run-once.ts); a Record, so a new kind fails to compile here. */
const KIND_STATUS: Record<ObservedKind, string> = {
  executed: "2xx",
  replayed: "the stored status",
  rejected: "the stored refusal",
  conflict: "422",
  in_progress: "409",
  expired: "410",
};
export const ANSWER_KINDS = Object.keys(KIND_STATUS) as ObservedKind[];

export const DELIVERY_RESULTS = ["delivered", "failed", "already_delivered", "missing"] as const;

export interface Metrics {
  registry: Registry;
  answers: Counter<"operation" | "kind">;
  requestDuration: Histogram<"method" | "route" | "status">;
  poolInUse: Gauge;
  poolWaiting: Gauge;
  poolMax: Gauge;
  outboxBacklog: Gauge<"channel" | "status">;
  outboxOldestPendingAge: Gauge;
  outboxDeadLetters: Gauge<"channel">;
  chatWaitingLeads: Gauge<"platform">;
  chatUnknownMessages: Gauge<"platform">;
  leadTimeToAssign: Gauge<"quantile">;
  leadTimeToFirstResponse: Gauge<"quantile">;
  deliveryAttempts: Counter<"channel" | "result">;
  abandonedClaims: Counter;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  // The process's own (CPU, memory, event loop lag, GC), under their usual names.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    answers: new Counter({
      name: "once_operation_answers_total",
      help: "Answers of the exactly-once protocol by operation type and kind: executed, replayed, rejected (a stored business refusal), conflict (422), in_progress (409), expired (410)",
      labelNames: ["operation", "kind"],
      registers,
    }),
    requestDuration: new Histogram({
      name: "once_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's end, by method, route template and status class",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    poolInUse: new Gauge({ name: "once_db_pool_connections_in_use", help: "Database connections of this node's pool checked out right now", registers }),
    poolWaiting: new Gauge({ name: "once_db_pool_requests_waiting", help: "Queries of this node waiting for a free database connection", registers }),
    poolMax: new Gauge({ name: "once_db_pool_connections_max", help: "Size of this node's database pool (DATABASE_POOL_SIZE)", registers }),
    outboxBacklog: new Gauge({
      name: "once_outbox_backlog",
      help: "Lead notifications not yet delivered, by channel and status (pending: not yet handed to pg-boss; queued: a job exists); database-wide",
      labelNames: ["channel", "status"],
      registers,
    }),
    outboxOldestPendingAge: new Gauge({
      name: "once_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest lead notification still pending or queued (0 when none); database-wide",
      registers,
    }),
    outboxDeadLetters: new Gauge({
      name: "once_outbox_dead_letters",
      help: "Lead notifications that used up their attempts (status dead), by channel; database-wide",
      labelNames: ["channel"],
      registers,
    }),
    chatWaitingLeads: new Gauge({
      name: "once_chat_leads_waiting",
      help: "Leads waiting for their message on a chat channel (a burst past the platform's limit, a paused channel), by platform; database-wide",
      labelNames: ["platform"],
      registers,
    }),
    chatUnknownMessages: new Gauge({
      name: "once_chat_messages_unknown",
      help: "Chat messages of the last 24 hours sent with no answer (may or may not have arrived; never resent by themselves), by platform; database-wide",
      labelNames: ["platform"],
      registers,
    }),
    leadTimeToAssign: new Gauge({
      name: "once_lead_time_to_assign_seconds",
      help: "Leads of the last 24 hours: seconds from arrival to their first owner, p50 and p95 (0 when owned at arrival); database-wide",
      labelNames: ["quantile"],
      registers,
    }),
    leadTimeToFirstResponse: new Gauge({
      name: "once_lead_time_to_first_response_seconds",
      help: "Leads of the last 24 hours: seconds from arrival to their first response, p50 and p95 (answered leads only); database-wide",
      labelNames: ["quantile"],
      registers,
    }),
    deliveryAttempts: new Counter({
      name: "once_notify_delivery_attempts_total",
      help: "Delivery attempts made by this node's notification worker, by channel and result",
      labelNames: ["channel", "result"],
      registers,
    }),
    abandonedClaims: new Counter({
      name: "once_idempotency_abandoned_claims_forgotten_total",
      help: 'Keys left "in progress" by a claim that committed without its request (its BEGIN failed) and was not retried, forgotten by this node\'s retention sweep',
      registers,
    }),
  };
}

const METRICS = Symbol.for("once.metrics");
const holder = globalThis as unknown as { [METRICS]?: Metrics };

export function metrics(): Metrics {
  return (holder[METRICS] ??= createMetrics());
}

/**
 * Starts every labelled counter at zero for the label values known in advance, so rate() and
 * increase() see the first event and dashboards show a flat line instead of "no data".
 */
export function initialiseSeries(operationTypes: readonly string[], channels: readonly string[]): void {
  const m = metrics();
  for (const operation of operationTypes) for (const kind of ANSWER_KINDS) m.answers.inc({ operation, kind }, 0);
  for (const channel of channels) for (const result of DELIVERY_RESULTS) m.deliveryAttempts.inc({ channel, result }, 0);
}
