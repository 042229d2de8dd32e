// The same-run baseline of `pnpm bench:lighthouse`: the smallest Next.js App Router page (one
// heading, one paragraph, no client component of its own), built with the Next.js and React
// the web app uses and served gzipped like a production node serves. What it scores is the
// floor this machine and this framework allow; a customer page's distance from it is ours.
//
// Built in a temporary folder outside the repository (its node_modules a link to apps/web's),
// with webpack and `output: "export"`: Turbopack refuses a linked node_modules, and a static
// export needs no server of Next's own, so nothing of the web app's configuration leaks in.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const WEB = join(import.meta.dirname, "../../apps/web");

const LAYOUT = `export const metadata = { title: "Sample guides", description: "The smallest App Router page: the framework's floor." };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`;
const PAGE = `export default function Page() {
  return (<main><h1>Sample guides</h1><p>Free printed samples of our guides, sent to you.</p></main>);
}
`;

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".txt": "text/plain" };

export interface Baseline {
  url: string;
  stop(): Promise<void>;
}

export async function startBaseline(): Promise<Baseline> {
  const dir = mkdtempSync(join(tmpdir(), "once-lighthouse-baseline-"));
  mkdirSync(join(dir, "app"));
  writeFileSync(join(dir, "app/layout.jsx"), LAYOUT);
  writeFileSync(join(dir, "app/page.jsx"), PAGE);
  writeFileSync(join(dir, "next.config.mjs"), `export default { output: "export", poweredByHeader: false };\n`);
  writeFileSync(join(dir, "package.json"), `{ "name": "lighthouse-baseline", "private": true }\n`);
  symlinkSync(join(WEB, "node_modules"), join(dir, "node_modules"));
  const build = spawnSync(process.execPath, [join(WEB, "node_modules/next/dist/bin/next"), "build", "--webpack"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  const out = join(dir, "out");
  if (build.status !== 0 || !existsSync(out)) throw new Error(`the baseline page did not build:\n${build.stdout}\n${build.stderr}`);

  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(out, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(out) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-encoding": "gzip" });
    response.end(gzipSync(readFileSync(file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
