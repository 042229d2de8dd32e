// The budgets a customer create spends, whichever transport carries it (REST or tRPC): one unit
// per session and one per client address, so neither new sessions nor another transport buy
// extra requests. An execution spends the write budget. A request whose key already has a
// stored outcome (a replay, a conflict, an expired key) runs nothing, so it spends the replay
// budget instead: a client retrying a lost answer hard is never locked out of its result by
// the write limit, while a flood of replays is still bounded (docs/API.md).
import { AppError } from "../app-error.ts";
import type { RateLimits, Take } from "./rate-limits.ts";

/** The units an execution spends: its session's and its address's write budget. */
export const writeUnits = (principal: string, clientAddress: string): Take[] => [
  ["write-session", principal],
  ["write-address", clientAddress],
];

/** The units a request answered from a stored outcome spends instead. */
export const replayUnits = (principal: string, clientAddress: string): Take[] => [
  ["replay-session", principal],
  ["replay-address", clientAddress],
];

/** Refuses (429 RATE_LIMITED) when either unit of a spend (session, then address) was over its budget. */
export function refuseOverBudget([perSession, perAddress]: (number | null)[], what: "requests" | "replays"): void {
  const wait = Math.max(perSession ?? 0, perAddress ?? 0);
  if (wait > 0) {
    const who = perSession !== null ? "this session" : "this address";
    throw new AppError("RATE_LIMITED", `too many ${what} from ${who}; retry later`, { retryAfterSeconds: wait });
  }
}

export async function spendWriteBudget(limits: RateLimits | undefined, principal: string, clientAddress: string): Promise<void> {
  if (limits) refuseOverBudget(await limits.takeAll(writeUnits(principal, clientAddress)), "requests");
}

export async function spendReplayBudget(limits: RateLimits | undefined, principal: string, clientAddress: string): Promise<void> {
  if (limits) refuseOverBudget(await limits.takeAll(replayUnits(principal, clientAddress)), "replays");
}
