export { createRateLimits, REPLAY_BUDGET_FACTOR, type Budget, type RateLimitConfig, type RateLimits } from "./rate-limits.ts";
export { CLIENT_ADDRESS_HEADER, clientAddressOf } from "./client-address.ts";
export { spendWriteBudget } from "./write-budget.ts";
export { spendReplayBudget } from "./replay-budget.ts";
