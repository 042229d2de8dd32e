// The deploy/ files made runnable on a test machine: the TLS nginx example with a throwaway
// self-signed certificate and every production path moved into a temporary folder, and the
// systemd units as systemd would read them.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@once/scripts/cluster/node-process";
import { nginxBinary } from "@once/scripts/cluster/nginx";

export const deployFile = (name: string) => readFileSync(path.join(repoRoot, "deploy", name), "utf8");

/** A key and certificate for shop.example.com, valid one day, made by openssl in `dir`. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "fullchain.pem");
  const key = path.join(dir, "privkey.pem");
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=shop.example.com", "-keyout", key, "-out", cert],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

export interface TlsNginx {
  /** The main configuration to pass to nginx -c (it includes the example as conf.d would). */
  config: string;
  dir: string;
  binary: string;
}

/**
 * Writes deploy/nginx/once-tls.conf and its snippet into `dir` as /etc/nginx would hold them,
 * changing only what a test machine must: the certificate paths, the snippet's path, the listen
 * ports (80 → httpPort, 443 → httpsPort, IPv4 loopback only) and the upstream servers.
 */
export function writeTlsNginx(dir: string, options: { httpPort: number; httpsPort: number; upstreamPorts: number[] }): TlsNginx {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light)");
  mkdirSync(dir, { recursive: true });
  const { cert, key } = selfSignedCertificate(dir);
  const snippet = path.join(dir, "once-security-headers.conf");
  copyFileSync(path.join(repoRoot, "deploy/nginx/once-security-headers.conf"), snippet);
  const site = deployFile("nginx/once-tls.conf")
    .replaceAll("/etc/ssl/once/fullchain.pem", cert)
    .replaceAll("/etc/ssl/once/privkey.pem", key)
    .replaceAll("/etc/nginx/snippets/once-security-headers.conf", snippet)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${options.httpPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace(
      /(upstream once_nodes \{\n)(\s*server [^\n]+\n)+/,
      (_all, head: string) => head + options.upstreamPorts.map((p) => `  server 127.0.0.1:${p};\n`).join(""),
    );
  const sitePath = path.join(dir, "once.conf");
  writeFileSync(sitePath, site);
  const temp = path.join(dir, "temp");
  mkdirSync(temp, { recursive: true });
  // What Debian's /etc/nginx/nginx.conf provides around conf.d, with the writable paths here.
  const config = path.join(dir, "nginx.conf");
  writeFileSync(
    config,
    [
      `pid ${path.join(dir, "nginx.pid")};`,
      "error_log stderr warn;",
      "daemon off;",
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      "  access_log off;",
      "  default_type application/octet-stream;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`),
      `  include ${sitePath};`,
      "}",
      "",
    ].join("\n"),
  );
  return { config, dir, binary };
}

/** The value of a key in a unit file's section (the first occurrence). */
export function unitSetting(unit: string, key: string): string | undefined {
  return new RegExp(`^${key}=(.*)$`, "m").exec(unit)?.[1];
}
