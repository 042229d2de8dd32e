// The files docs/OPERATIONS.md installs: the systemd units as systemd reads them, and the TLS
// nginx example as nginx reads it (`nginx -t`, with a throwaway self-signed certificate).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "@once/scripts/cluster/node-process";
import { deployFile, unitSetting, writeTlsNginx } from "./deploy-files.ts";
import { RUN } from "./operations-commands.ts";

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
