// The one rule between variables that env.ts cannot check field by field: a key must be
// remembered (retention, then tombstone) at least as long as a customer token is valid. Keys
// belong to the session that sent them, so past that no client holding the token that sent a
// key can send it again, and forgetting it can never turn a retry into a second execution.
// (Pages renew a token for the same customer, but the browser stops resending after 7 days.)
export interface RetentionSettings {
  IDEMPOTENCY_RETENTION_DAYS: number;
  IDEMPOTENCY_TOMBSTONE_DAYS: number;
  SESSION_TTL_DAYS: number;
}

/** One line naming the variable to change, or null when the settings keep the promise. */
export function retentionPolicyProblem(settings: RetentionSettings): string | null {
  const remembered = settings.IDEMPOTENCY_RETENTION_DAYS + settings.IDEMPOTENCY_TOMBSTONE_DAYS;
  if (remembered >= settings.SESSION_TTL_DAYS) return null;
  return (
    `invalid environment variable IDEMPOTENCY_TOMBSTONE_DAYS: keys would be forgotten after ${remembered} days ` +
    `(IDEMPOTENCY_RETENTION_DAYS + IDEMPOTENCY_TOMBSTONE_DAYS) while a session token stays valid ${settings.SESSION_TTL_DAYS} days ` +
    `(SESSION_TTL_DAYS); make it at least ${settings.SESSION_TTL_DAYS - settings.IDEMPOTENCY_RETENTION_DAYS}`
  );
}
