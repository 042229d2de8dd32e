import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the production server (no types)
import { CACHEABLE_PAGE } from "../../page-cache.mjs";
import { OFFLINE_PAGES } from "./offline-pages";

describe("pages kept for offline use", () => {
  it("are the pages without personal data that the back/forward cache may keep", () => {
    expect(OFFLINE_PAGES.source).toBe((CACHEABLE_PAGE as RegExp).source);
    for (const path of ["/guides", "/guides/sample-guide", "/contact"]) expect(OFFLINE_PAGES.test(path)).toBe(true);
    for (const path of ["/me", "/track", "/track/SO-000001", "/dashboard", "/api/trpc/order.create"]) expect(OFFLINE_PAGES.test(path)).toBe(false);
  });
});
