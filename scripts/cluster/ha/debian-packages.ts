// The Debian packages the HA database (Patroni, etcd, HAProxy) and the pooler (PgBouncer) need: found on PATH or in the
// usual places, installed with apt-get when missing and this process is root (as scripts/test.sh
// does for nginx and Chromium), else one line naming what is missing and how to install it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface DebianTool {
  /** The executable looked for. */
  binary: string;
  /** The Debian package that provides it. */
  debianPackage: string;
}

export const HA_TOOLS: DebianTool[] = [
  { binary: "patroni", debianPackage: "patroni" },
  { binary: "etcd", debianPackage: "etcd-server" },
  { binary: "haproxy", debianPackage: "haproxy" },
];

/** What `pnpm cluster --pooler` and e2e/system/pooler.test.ts need besides PostgreSQL 15. */
export const POOLER_TOOLS: DebianTool[] = [{ binary: "pgbouncer", debianPackage: "pgbouncer" }];

/** PostgreSQL 15's server binaries (initdb, postgres, pg_rewind, pg_basebackup): Debian's layout. */
export const POSTGRES_BIN_DIR = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export function findBinary(binary: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/usr/bin", "/usr/local/bin"])) {
    const candidate = `${dir}/${binary}`;
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Installs what is missing (when `install`, by default when root), or throws one line saying
 * which package is missing.
 */
export function ensureDebianTools(tools: DebianTool[] = HA_TOOLS, options: { install?: boolean } = {}): Record<string, string> {
  const missing = tools.filter((tool) => !findBinary(tool.binary));
  if (!existsSync(`${POSTGRES_BIN_DIR}/postgres`)) missing.push({ binary: "postgres", debianPackage: "postgresql-15" });
  if (missing.length > 0) {
    const names = missing.map((tool) => tool.debianPackage);
    if (!(options.install ?? process.getuid?.() === 0)) {
      throw new Error(`missing Debian packages: ${names.join(", ")}; run: sudo apt-get install -y ${names.join(" ")}`);
    }
    console.log(`installing Debian's ${names.join(", ")}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", ...names], { stdio: "ignore", env }) : update;
    if (install.status !== 0) throw new Error(`apt-get install ${names.join(" ")} failed; install Debian's ${names.join(", ")}`);
    // Debian may start the services it installs (etcd on 2379, HAProxy's empty default): they
    // use other ports than the HA database's own, which runs from its own files.
  }
  const found: Record<string, string> = {};
  for (const tool of tools) {
    const path = findBinary(tool.binary);
    if (!path) throw new Error(`${tool.binary} is still missing after installing ${tool.debianPackage}`);
    found[tool.binary] = path;
  }
  return found;
}
