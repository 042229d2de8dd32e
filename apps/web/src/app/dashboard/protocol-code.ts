// The protocol code of a tRPC error (packages/api's errorFormatter puts it in `data.protocol`),
// so a screen can say "changed by someone else" in the reader's language instead of the
// server's English message.
export function protocolCode(error: unknown): string | undefined {
  const data = (error as { data?: { protocol?: { code?: unknown } } } | null)?.data;
  return typeof data?.protocol?.code === "string" ? data.protocol.code : undefined;
}
