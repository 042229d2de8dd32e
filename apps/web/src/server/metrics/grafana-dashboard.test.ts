// deploy/grafana/once-node.json is an example, but it must not drift from what the nodes
// export: every metric it queries exists, and every metric of ours is on it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metrics } from "./registry";

const dashboardPath = path.resolve(import.meta.dirname, "../../../../../deploy/grafana/once-node.json");

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

describe("the example Grafana dashboard", () => {
  it("queries only metrics the nodes export, and shows each of ours", async () => {
    const dashboard = JSON.parse(readFileSync(dashboardPath, "utf8")) as { panels: Panel[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    const queried = new Set(exprs.flatMap((expr) => [...expr.matchAll(/\b((?:once|process|nodejs)_\w+?)(?:_bucket|_count|_sum)?\{/g)].map((m) => m[1]!)));
    const exported = new Set((await metrics().registry.getMetricsAsJSON()).map((m) => m.name));
    for (const name of queried) expect(exported.has(name), name).toBe(true);
    for (const name of [...exported].filter((n) => n.startsWith("once_"))) expect(queried.has(name), name).toBe(true);
  });
});
