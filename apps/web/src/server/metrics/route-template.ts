// Request latency is labelled by route template ("/guides/[slug]"), never by the raw path: a
// label per path would let any client mint new series (each a new time series in Prometheus)
// by asking for made-up URLs. Every path maps to one entry of a fixed set: the app's routes
// (src/app, kept in step by route-template.test.ts), the operations' REST endpoints (derived
// from their definitions, served by the /api/v1 catch-all), Next's static assets, the public
// folder, or "unmatched".
import { OPERATION_ROUTE_TEMPLATES } from "@once/api/rest";

/** Every page and route handler under src/app, as Next names them. */
export const APP_ROUTES = [
  "/",
  "/contact",
  "/me",
  "/track",
  "/track/[number]",
  "/track/look-up",
  "/sw.js",
  "/guides",
  "/guides/[slug]",
  "/docs/api",
  "/dashboard",
  "/dashboard/leads",
  "/dashboard/leads/[id]",
  "/dashboard/ops",
  "/dashboard/orders",
  "/dashboard/orders/[id]",
  "/dashboard/orders/packing-list",
  "/dashboard/staff",
  "/dashboard/assignment",
  "/dashboard/channels",
  "/dashboard/reconciliation",
  "/dashboard/sign-in",
  "/dashboard/password",
  "/metrics",
  "/api/auth/[...all]",
  "/api/dashboard/leads.csv",
  "/api/dashboard/leads.xlsx",
  "/api/dashboard/orders.csv",
  "/api/dashboard/orders.xlsx",
  "/api/health",
  "/api/health/live",
  "/api/health/ready",
  "/api/trpc/[trpc]",
  "/api/v1/[[...path]]",
  "/api/v1/openapi-3.0.json",
  "/api/v1/openapi.json",
  "/api/v1/operations/[key]",
  "/api/v1/sessions",
] as const;

/** Files Next serves from src/app's metadata files, and its own asset paths. */
const ASSET_ROUTES: [RegExp, string][] = [
  [/^\/_next\/static\//, "/_next/static"],
  [/^\/_next\/image$/, "/_next/image"],
  [/^\/(icon\.svg|apple-icon\.png|manifest\.webmanifest|favicon\.ico)$/, "/[metadata]"],
  [/^\/(covers|icons)\//, "/[public]"],
];

export const UNMATCHED = "unmatched";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "/guides/[slug]" → /^\/guides\/[^/]+$/; "[...x]" one or more segments; "[[...x]]" zero or more. */
function compile(template: string): RegExp {
  if (template === "/") return /^\/$/;
  const pattern = template
    .split("/")
    .slice(1)
    .map((segment) => {
      if (/^\[\[\.\.\.\w+\]\]$/.test(segment)) return "(?:/.+)?";
      if (/^\[\.\.\.\w+\]$/.test(segment)) return "/.+";
      if (/^\[\w+\]$/.test(segment)) return "/[^/]+";
      return `/${escape(segment)}`;
    })
    .join("");
  return new RegExp(`^${pattern}$`);
}

/** Static routes first, then single parameters, then catch-alls, then optional catch-alls (Next's precedence). */
const rank = (template: string) => (template.includes("[[...") ? 3 : template.includes("[...") ? 2 : template.includes("[") ? 1 : 0);
const MATCHERS: [RegExp, string][] = [...APP_ROUTES, ...OPERATION_ROUTE_TEMPLATES]
  .sort((a, b) => rank(a) - rank(b))
  .map((template): [RegExp, string] => [compile(template), template])
  .concat(ASSET_ROUTES);

/** The bounded label for a request path (no query string). */
export function routeTemplate(path: string): string {
  const normalised = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  for (const [pattern, template] of MATCHERS) if (pattern.test(normalised)) return template;
  return UNMATCHED;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: the standard ones, else "other" (a client may send any token). */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "other");

/** "2xx" … "5xx"; "aborted" when the answer was never completed (the client went away). */
export const statusLabel = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "aborted");
