import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_ROUTES, methodLabel, routeTemplate, statusLabel, UNMATCHED } from "./route-template";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** The routes Next makes of src/app: every folder with a page.tsx or route.ts; a route group ("(site)") adds no segment. */
function routesOnDisk(dir = appDir, prefix = ""): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && /^(page\.tsx|route\.ts)$/.test(e.name)) ? [prefix || "/"] : [];
  const segment = (name: string) => (/^\(.+\)$/.test(name) ? "" : `/${name}`);
  return here.concat(entries.filter((e) => e.isDirectory()).flatMap((e) => routesOnDisk(path.join(dir, e.name), `${prefix}${segment(e.name)}`)));
}

describe("route templates", () => {
  it("name every page and route handler of src/app (add a route, add it to APP_ROUTES)", () => {
    expect([...APP_ROUTES].sort()).toEqual(routesOnDisk().sort());
  });

  it("map paths to their template, and anything else to a fixed label", () => {
    const cases: [string, string][] = [
      ["/", "/"],
      ["/guides", "/guides"],
      ["/guides/", "/guides"],
      ["/guides/sample-guide", "/guides/[slug]"],
      ["/guides/a/b", UNMATCHED],
      ["/dashboard/leads/3f0c", "/dashboard/leads/[id]"],
      ["/api/v1/orders", "/api/v1/orders"],
      ["/api/v1/operations/7d3f9b2c-4a1e-4f6d-8b5c-9e0a1b2c3d4e", "/api/v1/operations/[key]"],
      ["/api/v1", "/api/v1/[[...path]]"],
      ["/api/v1/no/such/thing", "/api/v1/[[...path]]"],
      ["/api/trpc/order.create", "/api/trpc/[trpc]"],
      ["/api/trpc/catalog.list,catalog.get", "/api/trpc/[trpc]"],
      ["/api/auth/sign-in/email", "/api/auth/[...all]"],
      ["/api/health/ready", "/api/health/ready"],
      ["/metrics", "/metrics"],
      ["/_next/static/chunks/abc.js", "/_next/static"],
      ["/icon.svg", "/[metadata]"],
      ["/covers/sample-guide.webp", "/[public]"],
      ["/wp-admin.php", UNMATCHED],
      ["/%00%ff", UNMATCHED],
    ];
    for (const [path, template] of cases) expect(routeTemplate(path), path).toBe(template);
  });

  it("bound the method and status labels", () => {
    expect(["GET", "POST", "BREW", "get"].map(methodLabel)).toEqual(["GET", "POST", "other", "other"]);
    expect([200, 201, 304, 409, 503, 0, 999].map(statusLabel)).toEqual(["2xx", "2xx", "3xx", "4xx", "5xx", "aborted", "aborted"]);
  });
});
