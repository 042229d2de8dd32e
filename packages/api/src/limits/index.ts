export { createRateLimits, REPLAY_BUDGET_FACTOR, SIGN_IN_DEVICE_DAYS, type Budget, type RateLimitConfig, type RateLimits } from "./rate-limits.ts";
export { CLIENT_ADDRESS_HEADER, clientAddressOf } from "./client-address.ts";
export { spendReplayBudget, spendWriteBudget } from "./write-budget.ts";
