"use client";
// Submissions and replays per hour over the last 24 hours: a grouped bar chart with a value axis
// (round steps, gridlines), an hour axis in the staff member's zone, each bar's count above it
// and a legend, so the figures read without hovering. SVG scaled to its card's width; below
// 640 px it scrolls sideways inside the card rather than shrinking the labels.
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { axisTop } from "./axis-top";

interface Hour {
  hour: Date;
  submissions: number;
  replays: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 44; // the value axis's labels
const TOP = 18; // room for the tallest bar's count
const BOTTOM = 26; // the hour labels
const PLOT = HEIGHT - TOP - BOTTOM;
const SUBMISSIONS = "var(--color-brand)";
const REPLAYS = "#c2410c";

export function HourlyChart({ hours }: { hours: Hour[] }) {
  const { t, time } = useDashboard();
  const top = axisTop(Math.max(0, ...hours.map((h) => Math.max(h.submissions, h.replays))));
  const ticks = [0, top / 4, top / 2, (top * 3) / 4, top];
  const slot = (WIDTH - LEFT) / Math.max(1, hours.length);
  const bar = Math.min(12, (slot - 4) / 2);
  const y = (value: number) => TOP + PLOT - (value / top) * PLOT;
  return (
    <figure>
      <svg role="img" aria-label={t("ops.chart.label")} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="block w-full min-w-[640px]" data-testid="ops-chart">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.5 : 0.12} />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={13} fill="currentColor" className="tabular-nums" data-testid="ops-chart-tick">
              {tick}
            </text>
          </g>
        ))}
        {hours.map((h, i) => {
          const x = LEFT + i * slot + (slot - bar * 2) / 2;
          return (
            <g key={h.hour.toISOString()}>
              <title>{t("ops.chart.bar", { hour: time(h.hour, "time"), submissions: h.submissions, replays: h.replays })}</title>
              <Bar x={x} width={bar} value={h.submissions} y={y} fill={SUBMISSIONS} />
              <Bar x={x + bar} width={bar} value={h.replays} y={y} fill={REPLAYS} />
              {i % 3 === 0 && (
                <text x={LEFT + i * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={13} fill="currentColor" data-testid="ops-chart-hour">
                  {time(h.hour, "time")}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        <Swatch color={SUBMISSIONS} label={t("ops.chart.submissions")} />
        <Swatch color={REPLAYS} label={t("ops.chart.replays")} />
      </figcaption>
    </figure>
  );
}

function Bar({ x, width, value, y, fill }: { x: number; width: number; value: number; y: (v: number) => number; fill: string }) {
  if (value === 0) return null;
  return (
    <>
      <rect x={x} y={y(value)} width={width} height={y(0) - y(value)} fill={fill} />
      <text x={x + width / 2} y={y(value) - 3} textAnchor="middle" fontSize={11} fill="currentColor" className="tabular-nums">
        {value}
      </text>
    </>
  );
}

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: color }} />
      {label}
    </span>
  );
}
