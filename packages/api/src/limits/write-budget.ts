// The budgets a customer create spends, whichever transport carries it (REST or tRPC): one unit
// per session and one per client address, so neither new sessions nor another transport buy
// extra requests. An execution spends the write budget. A request whose key already has a
// stored outcome (a replay, a conflict, an expired key) runs nothing, so it spends the replay
// budget instead: a client retrying a lost answer hard is never locked out of its result by
// the write limit, while a flood of replays is still bounded (docs/API.md).
import { AppError } from "../app-error.ts";
import type { Budget, RateLimits } from "./rate-limits.ts";

async function spend(limits: RateLimits | undefined, budgets: [Budget, Budget], what: string, principal: string, clientAddress: string): Promise<void> {
  if (!limits) return;
  const [perSession, perAddress] = await limits.takeAll([
    [budgets[0], principal],
    [budgets[1], clientAddress],
  ]);
  const wait = Math.max(perSession ?? 0, perAddress ?? 0);
  if (wait > 0) {
    const who = perSession !== null ? "this session" : "this address";
    throw new AppError("RATE_LIMITED", `too many ${what} from ${who}; retry later`, { retryAfterSeconds: wait });
  }
}

export const spendWriteBudget = (limits: RateLimits | undefined, principal: string, clientAddress: string) =>
  spend(limits, ["write-session", "write-address"], "requests", principal, clientAddress);

export const spendReplayBudget = (limits: RateLimits | undefined, principal: string, clientAddress: string) =>
  spend(limits, ["replay-session", "replay-address"], "replays", principal, clientAddress);
