// Whether a URL's host is this machine: the only place plain http:// may carry lead data in
// production, since the traffic never leaves the host. Takes URL.hostname, which the WHATWG
// parser has already normalized ("127.1" -> "127.0.0.1", "[0::1]" -> "[::1]", lower case).
import { isIPv4 } from "node:net";

export function isLoopbackHost(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "[::1]") return true;
  return isIPv4(hostname) && hostname.startsWith("127.");
}
