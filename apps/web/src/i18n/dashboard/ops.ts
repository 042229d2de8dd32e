// The operator view (/dashboard/ops). Keys start with "ops.".
export const en = {
  "ops.title": "Operations",
  "ops.last24h": "Last 24 hours",
  "ops.kind.executed": "created",
  "ops.kind.replayed": "replays",
  "ops.kind.conflict": "conflicts (422)",
  "ops.kind.in_progress": "in progress (409)",
  "ops.kind.expired": "expired keys (410)",
  "ops.kind.rejected": "business rejections",
  "ops.chart.title": "Submissions and replays per hour",
  "ops.chart.label": "Submissions (blue) and replays (orange) per hour",
  "ops.chart.bar": "{hour}: {submissions} submissions, {replays} replays",
  "ops.outbox.title": "Notification outbox",
  "ops.outbox.counts": "pending {pending} · queued {queued} · delivered {delivered} · dead {dead}",
  "ops.outbox.failing": "{channel}: {status} after {attempts} attempt(s) — {error}",
} as const satisfies Record<`ops.${string}`, string>;

export const zhCN: Record<keyof typeof en, string> = {
  "ops.title": "运行状况",
  "ops.last24h": "最近 24 小时",
  "ops.kind.executed": "新建",
  "ops.kind.replayed": "重放",
  "ops.kind.conflict": "冲突（422）",
  "ops.kind.in_progress": "处理中（409）",
  "ops.kind.expired": "已过期的编号（410）",
  "ops.kind.rejected": "业务拒绝",
  "ops.chart.title": "每小时的提交和重放",
  "ops.chart.label": "每小时的提交（蓝色）和重放（橙色）",
  "ops.chart.bar": "{hour}：{submissions} 次提交，{replays} 次重放",
  "ops.outbox.title": "通知发件箱",
  "ops.outbox.counts": "待处理 {pending} · 已排队 {queued} · 已送达 {delivered} · 失败 {dead}",
  "ops.outbox.failing": "{channel}：尝试 {attempts} 次后为 {status} — {error}",
};
