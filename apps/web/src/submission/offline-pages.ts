// The customer pages the service worker keeps for offline use (./service-worker.ts): the ones
// without personal data, the same list as the back/forward cache's (apps/web/page-cache.mjs,
// CACHEABLE_PAGE; offline-pages.test.ts keeps the two equal). Never /me, /track or the dashboard.
export const OFFLINE_PAGES = /^\/(guides(\/[A-Za-z0-9_-]+)?|contact)\/?$/;
