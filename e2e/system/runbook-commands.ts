// Every command docs/OPERATIONS.md shows, exactly as written there, and who runs it. The
// operations tests run the RUN commands verbatim through bash, with the paths of a production
// machine moved into a temporary folder (`onTestMachine`); runbook-doc.test.ts fails when the
// document shows a command that is not listed here, or this file lists one it no longer shows.

/** Run by the operations system tests (e2e/system/operations-*.test.ts). */
export const RUN = {
  pack: "tar -C apps/web/.next/standalone -czf once-release.tar.gz .",
  makeRelease: "mkdir -p /srv/once/releases/2026-12-01.1",
  unpack: "tar -C /srv/once/releases/2026-12-01.1 -xzf once-release.tar.gz",
  switchRelease: "ln -sfn /srv/once/releases/2026-12-01.1 /srv/once/current",
  startByHand: "cd /srv/once/current && node packages/db/dist/with-database.mjs --seed --production -- node apps/web/server.mjs --port 8081",
  ready: "curl -fsS http://127.0.0.1:8081/api/health/ready",
  live: "curl -fsS http://127.0.0.1:8081/api/health/live",
  healthDetails: 'curl -fsS -H "Authorization: Bearer $HEALTH_TOKEN" http://127.0.0.1:8081/api/health',
  workerByHand: "cd /srv/once/current && node packages/notify/dist/worker.mjs",
  nginxTest: "nginx -t",
  outOfRotation: "sed -i 's/server 127.0.0.1:8081;/server 127.0.0.1:8081 down;/' /etc/nginx/conf.d/once.conf",
  backIntoRotation: "sed -i 's/server 127.0.0.1:8081 down;/server 127.0.0.1:8081;/' /etc/nginx/conf.d/once.conf",
  maxConnections: "psql \"$DATABASE_URL\" -Atc 'show max_connections'",
  newSecret: "openssl rand -base64 32",
  dump: 'pg_dump --format=custom --file=once-backup.dump "$DATABASE_URL"',
  listDump: "pg_restore --list once-backup.dump",
  createRestoreTarget: "psql \"$ADMIN_URL\" -c 'create database once_restored'",
  restore: 'pg_restore --no-owner --exit-on-error --dbname="$RESTORE_URL" once-backup.dump',
} as const;

/** Run elsewhere in the test command (scripts/test.sh): named with where. */
export const ELSEWHERE: Record<string, string> = {
  "pnpm install --frozen-lockfile": "scripts/test.sh installs the packages this way",
  "pnpm cluster --ha --nodes 2 --port 8080": "ha-failover.test.ts starts the same HA database (scripts/cluster/ha/ha-database.ts) with two nodes on it",
  "pnpm cluster --pooler --nodes 6 --port 8080":
    "pooler.test.ts starts the same PostgreSQL and PgBouncer (scripts/cluster/pooler/pooled-database.ts) with three nodes on it",
  "pnpm build": "the test command builds before the system tests; the standalone folder it leaves is what runbook-standalone.test.ts runs",
  // "## Metrics" and "## Request ids": fleet-metrics.test.ts does what these do, on a
  // production node (scrape with the token; POST with an id, its outbox row, its log lines).
  "curl -s -H \"Authorization: Bearer $METRICS_TOKEN\" http://127.0.0.1:3000/metrics | grep '^once_'": "fleet-metrics.test.ts scrapes /metrics with the token",
  'curl -si -X POST $BASE/api/v1/leads -H "Authorization: Bearer $TOKEN" -H "Idempotency-Key: $KEY" -H \'Content-Type: application/json\' -H \'X-Request-Id: support-1234\' -d \'{"name":"Li","phone":"13900000000","content":"Call me"}\' | grep -i x-request-id':
    "fleet-metrics.test.ts posts a lead with its own X-Request-Id",
  'psql "$DATABASE_URL" -c "select id, channel, status, attempts from notification_delivery where request_id = \'support-1234\'"':
    "fleet-metrics.test.ts finds the outbox row by request_id",
  'grep -h \'"requestId":"support-1234"\' node-*.log': "fleet-metrics.test.ts finds the request's and the delivery's log lines by requestId",
};

/**
 * Commands that change the machine itself (users, /etc, systemd). Not run: the test machines
 * have no systemd and tests must not add users. What they act on is checked instead:
 * runbook-config.test.ts verifies the unit files with systemd-analyze and the nginx files
 * with nginx -t, and the rolling restart they perform is fleet-rolling-restart.test.ts.
 */
export const HOST = [
  "useradd --system --home-dir /srv/once --shell /usr/sbin/nologin once",
  "install -d -o once -g once /srv/once/releases",
  "install -d -m 0750 -g once /etc/once",
  "install -m 0640 -g once .env.example /etc/once/once.env",
  "cp deploy/systemd/once-web@.service deploy/systemd/once-worker.service /etc/systemd/system/",
  "systemctl daemon-reload",
  "systemctl enable --now once-web@8081 once-web@8082 once-web@8083",
  "systemctl enable --now once-worker",
  "install -m 0644 deploy/nginx/once-tls.conf /etc/nginx/conf.d/once.conf",
  "install -m 0644 deploy/nginx/once-security-headers.conf /etc/nginx/snippets/once-security-headers.conf",
  "systemctl reload nginx",
  "nginx -t && systemctl reload nginx",
  "systemctl restart once-web@8081",
  "systemctl enable --now once-web@8084",
  "journalctl -u once-web@8081 -f",
] as const;

export interface TestMachine {
  /** Stands for /srv/once. */
  srv: string;
  /** Where once-release.tar.gz and once-backup.dump are written and read. */
  work: string;
  /** The node's port, standing for 8081. */
  port: number;
  /** The restore target's name, standing for once_restored. */
  restoredName?: string;
}

/** A documented command with the production paths and names replaced by the test machine's. */
export function onTestMachine(command: string, machine: TestMachine): string {
  let local = command
    .replaceAll("/srv/once", machine.srv)
    .replaceAll("once-release.tar.gz", `${machine.work}/once-release.tar.gz`)
    .replaceAll("once-backup.dump", `${machine.work}/once-backup.dump`)
    .replaceAll("127.0.0.1:8081", `127.0.0.1:${machine.port}`)
    .replaceAll("--port 8081", `--port ${machine.port}`);
  if (machine.restoredName) local = local.replaceAll("once_restored", machine.restoredName);
  return local;
}
