// Every request has an id: the production server (apps/web/server.mjs) takes a well-formed
// X-Request-Id (the client's or nginx's) or mints one, and echoes it in the response. It is on
// every log line of the request (the logger's request context), on the outbox rows a new lead
// writes and on each delivery attempt's log line, and it is the only thing a 5xx tells the
// caller, so support can go from an answer to everything the request caused.

import { REQUEST_ID_PATTERN } from "./request-id-pattern.mjs";

export { REQUEST_ID_PATTERN };
export const REQUEST_ID_HEADER = "x-request-id";

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === "string" && REQUEST_ID_PATTERN.test(value);
}

/** The request's id as the server set it; a fresh one if it is missing or malformed (tests, dev). */
export function requestIdOf(headers: Headers): string {
  const id = headers.get(REQUEST_ID_HEADER);
  return isWellFormedRequestId(id) ? id : crypto.randomUUID();
}

/** What a caller learns of an unexpected failure: nothing but where to find it in the logs. */
export const internalErrorMessage = (requestId: string) => `internal error (request id ${requestId})`;
