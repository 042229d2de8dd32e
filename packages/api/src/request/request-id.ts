// Every request has an id: the production server (apps/web/server.mjs) sets it, or takes
// nginx's, and echoes it in the response. It is the only thing a 5xx tells the caller, and it
// is on the server's log line that holds the detail, so support can find one from the other.
export const REQUEST_ID_HEADER = "x-request-id";

export function requestIdOf(headers: Headers): string {
  return headers.get(REQUEST_ID_HEADER) ?? crypto.randomUUID();
}

/** What a caller learns of an unexpected failure: nothing but where to find it in the logs. */
export const internalErrorMessage = (requestId: string) => `internal error (request id ${requestId})`;
