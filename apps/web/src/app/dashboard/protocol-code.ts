// The protocol data of a tRPC error (packages/api's errorFormatter puts it in `data.protocol`),
// so a screen can say "changed by someone else", or why a staff account was refused, in the
// reader's language instead of the server's English message.
import type { ProtocolErrorData } from "@once/idempotency/trpc";

type ProtocolData = Partial<Pick<ProtocolErrorData, "code" | "params" | "fields">>;

export function protocolData(error: unknown): ProtocolData {
  const protocol = (error as { data?: { protocol?: unknown } } | null)?.data?.protocol;
  return typeof protocol === "object" && protocol !== null ? protocol : {};
}

export function protocolCode(error: unknown): string | undefined {
  const { code } = protocolData(error);
  return typeof code === "string" ? code : undefined;
}
