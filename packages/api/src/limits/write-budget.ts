// The budget every customer write spends, whichever transport carries it (REST or tRPC):
// one unit per session and one per client address, so neither new sessions nor another
// transport buy extra writes.
import { AppError } from "../app-error.ts";
import type { RateLimits } from "./rate-limits.ts";

export async function spendWriteBudget(limits: RateLimits | undefined, principal: string, clientAddress: string): Promise<void> {
  if (!limits) return;
  const [perSession, perAddress] = await Promise.all([limits.take("write-session", principal), limits.take("write-address", clientAddress)]);
  const wait = Math.max(perSession ?? 0, perAddress ?? 0);
  if (wait > 0) {
    const who = perSession !== null ? "this session" : "this address";
    throw new AppError("RATE_LIMITED", `too many requests from ${who}; retry later`, { retryAfterSeconds: wait });
  }
}
