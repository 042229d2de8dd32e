// @ts-check
// What an accepted request id looks like: 1–128 characters of [A-Za-z0-9._:-] (UUIDs, nginx's
// hex $request_id, trace-like ids). Anything else is replaced, never echoed: no spaces, quotes
// or control characters reach a log line or a header. Plain JavaScript, because the production
// server (apps/web/request-context.mjs, run by Node without a build step) decides the id with
// it, and the app (./request-id.ts) checks it again with the same pattern.
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
