// Customer pages that carry no personal data (the catalog, a guide, the empty inquiry form)
// may be kept by the browser, so Back and Forward restore them instantly from its
// back/forward cache. Next marks every dynamic page `no-store`, which rules that cache out;
// for these pages it becomes `private, no-cache`: never stored by a shared cache, and
// revalidated on every normal load, so nothing served is ever stale. /me and the dashboard
// (personal data) stay `no-store`.
export const CACHEABLE_PAGE = /^\/(guides(\/[A-Za-z0-9_-]+)?|contact)\/?$/;

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function allowBackForwardCache(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const path = (req.url ?? "").split("?", 1)[0] ?? "";
  if (!CACHEABLE_PAGE.test(path)) return;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" && String(value).includes("no-store") ? "private, no-cache" : value);
}
