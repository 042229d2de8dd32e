// docs/OPERATIONS.md shows only commands that a test runs (RUN, ELSEWHERE) or that are listed as
// changing the machine itself (HOST) and checked through the files they install; and the list
// names nothing the page no longer shows. (runbook-commands.ts says who runs what.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@once/scripts/cluster/node-process";
import { ELSEWHERE, HOST, RUN } from "./runbook-commands.ts";

/** The commands of the page's ```sh blocks (continued lines joined), without comments. */
function documentedCommands(markdown: string): string[] {
  const commands: string[] = [];
  let inShell = false;
  let pending = "";
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```")) {
      inShell = !inShell && line === "```sh";
      continue;
    }
    if (!inShell || line.startsWith("#")) continue;
    const command = pending + line.replace(/\s+#.*$/, "").trim();
    if (command.endsWith("\\")) pending = `${command.slice(0, -1).trimEnd()} `;
    else {
      pending = "";
      if (command) commands.push(command);
    }
  }
  return commands;
}

describe("docs/OPERATIONS.md", () => {
  const shown = documentedCommands(readFileSync(path.join(repoRoot, "docs/OPERATIONS.md"), "utf8"));
  const listed = [...Object.values(RUN), ...Object.keys(ELSEWHERE), ...HOST];

  it("shows only commands a test runs or checks", () => {
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((command) => !listed.includes(command))).toEqual([]);
  });

  it("still shows every command the tests run for it", () => {
    expect(listed.filter((command) => !shown.includes(command))).toEqual([]);
  });

  it("starts nodes and the worker by hand exactly as the systemd units do", () => {
    const execStart = (unit: string) => /^ExecStart=(.*)$/m.exec(readFileSync(path.join(repoRoot, "deploy/systemd", unit), "utf8"))![1]!;
    const byHand = (command: string) => command.replace(/^cd \/srv\/once\/current && /, "");
    expect(execStart("once-web@.service").replaceAll("/usr/bin/node", "node").replaceAll("%i", "8081")).toBe(byHand(RUN.startByHand));
    expect(execStart("once-worker.service").replaceAll("/usr/bin/node", "node")).toBe(byHand(RUN.workerByHand));
  });
});
