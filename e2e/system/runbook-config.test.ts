// The files docs/OPERATIONS.md installs: the systemd units as systemd reads them, and the TLS
// nginx example as nginx reads it (`nginx -t`, with a throwaway self-signed certificate).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "@once/scripts/cluster/node-process";
import { deployFile, unitSetting, writeTlsNginx } from "./deploy-files.ts";
import { RUN } from "./runbook-commands.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "once-deploy-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasSystemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

describe("deploy/systemd", () => {
  it(`is accepted by ${hasSystemdAnalyze ? "systemd-analyze verify" : "the unit-file rules checked here (systemd-analyze is not installed)"}`, () => {
    // A template is verified through an instance, as systemctl would load it.
    const web = path.join(dir, "once-web@8081.service");
    const worker = path.join(dir, "once-worker.service");
    copyFileSync(path.join(repoRoot, "deploy/systemd/once-web@.service"), web);
    copyFileSync(path.join(repoRoot, "deploy/systemd/once-worker.service"), worker);
    if (hasSystemdAnalyze) {
      const verified = spawnSync("systemd-analyze", ["verify", "--man=no", web, worker], { encoding: "utf8" });
      expect(verified.stderr + verified.stdout).toBe("");
      expect(verified.status).toBe(0);
    }
    for (const unit of ["systemd/once-web@.service", "systemd/once-worker.service"].map(deployFile)) {
      expect(unit).toMatch(/^\[Unit\]$/m);
      expect(unit).toMatch(/^\[Service\]$/m);
      expect(unit).toMatch(/^\[Install\]$/m);
      expect(unitSetting(unit, "ExecStart")).toMatch(/^\/usr\/bin\/node /);
      expect(unitSetting(unit, "EnvironmentFile")).toBe("/etc/once/once.env");
      expect(unitSetting(unit, "WorkingDirectory")).toBe("/srv/once/current");
      // systemd must give the node's own drain (SHUTDOWN_TIMEOUT_MS, 15 s) time before it kills.
      expect(Number(unitSetting(unit, "TimeoutStopSec"))).toBeGreaterThan(15);
      expect(unitSetting(unit, "KillSignal")).toBe("SIGTERM");
    }
  });
});

describe("deploy/nginx/once-tls.conf", () => {
  it("passes nginx -t with a self-signed certificate", () => {
    const nginx = writeTlsNginx(dir, { httpPort: 3391, httpsPort: 3392, upstreamPorts: [3393] });
    const checked = spawnSync("bash", ["-c", `${RUN.nginxTest} -c ${nginx.config} -p ${dir} -e stderr`], {
      encoding: "utf8",
      env: { ...process.env, PATH: `${path.dirname(nginx.binary)}:${process.env.PATH}` },
    });
    expect(checked.stderr).toMatch(/syntax is ok/);
    expect(checked.stderr).toMatch(/test is successful/);
    expect(checked.status).toBe(0);
  });

  it("is taken out of rotation and put back by the roll's two edits (docs/OPERATIONS.md), exactly one line each", () => {
    const installed = path.join(dir, "conf.d-once.conf");
    copyFileSync(path.join(repoRoot, "deploy/nginx/once-tls.conf"), installed);
    const edit = (command: string) => {
      const done = spawnSync("bash", ["-c", command.replaceAll("/etc/nginx/conf.d/once.conf", installed)], { encoding: "utf8" });
      expect(done.stderr).toBe("");
      expect(done.status).toBe(0);
      return readFileSync(installed, "utf8");
    };
    const shipped = deployFile("nginx/once-tls.conf");
    const out = edit(RUN.outOfRotation);
    const changed = out.split("\n").filter((line, i) => line !== shipped.split("\n")[i]);
    expect(changed.map((line) => line.trim())).toEqual(["server 127.0.0.1:8081 down;"]);
    expect(edit(RUN.backIntoRotation)).toBe(shipped);
  });

  it("keeps the proxy rules of once.conf.template: no POST replayed, idle upstream connections closed first", () => {
    const tls = deployFile("nginx/once-tls.conf");
    const template = deployFile("nginx/once.conf.template");
    for (const rule of ["proxy_next_upstream error timeout;", "keepalive_timeout 4s;", 'proxy_set_header Connection "";', "proxy_buffering off;"]) {
      expect(template).toContain(rule);
      expect(tls).toContain(rule);
    }
    expect(tls).not.toMatch(/^\s*proxy_next_upstream[^;]*(non_idempotent|http_5)/m);
  });
});
