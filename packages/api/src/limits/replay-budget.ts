// The budget of a request whose key already has a stored outcome: a replay, a conflict or an
// expired key is answered from the record and runs nothing, so it spends this budget instead of
// the write budget. A client retrying a lost answer hard is then never locked out of its
// result by the write limit, while a flood of replays is still bounded (docs/API.md).
import { AppError } from "../app-error.ts";
import type { RateLimits } from "./rate-limits.ts";

export async function spendReplayBudget(limits: RateLimits | undefined, principal: string, clientAddress: string): Promise<void> {
  if (!limits) return;
  const [perSession, perAddress] = await Promise.all([limits.take("replay-session", principal), limits.take("replay-address", clientAddress)]);
  const wait = Math.max(perSession ?? 0, perAddress ?? 0);
  if (wait > 0) {
    const who = perSession !== null ? "this session" : "this address";
    throw new AppError("RATE_LIMITED", `too many replays from ${who}; retry later`, { retryAfterSeconds: wait });
  }
}
