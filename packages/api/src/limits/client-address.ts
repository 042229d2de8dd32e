// The one notion of "the client's address". The production server (apps/web/server.mjs)
// works it out from the socket, believing X-Forwarded-For only from TRUSTED_PROXIES, and
// always overwrites this header with it, so a client cannot choose its own. Without that
// server (`next dev`) every request counts as one "unknown" client: stricter, never looser.
export const CLIENT_ADDRESS_HEADER = "x-once-client-address";

export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
