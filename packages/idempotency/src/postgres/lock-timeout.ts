// Whether an error from the driver means "a lock was not granted in time". PostgreSQL says
// 55P03 (lock_not_available) or 57014 (query_canceled by statement/lock timeout); Prisma's
// driver adapters wrap the code at different depths, so the whole cause chain is searched.
const LOCK_NOT_AVAILABLE = "55P03";
const QUERY_CANCELED = "57014";

export function isLockTimeout(error: unknown): boolean {
  const codes = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; cause?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } } };
    if (typeof e.code === "string") codes.add(e.code);
    const adapterCause = e.meta?.driverAdapterError?.cause;
    if (typeof adapterCause?.originalCode === "string") codes.add(adapterCause.originalCode);
    if (typeof e.meta?.code === "string") codes.add(e.meta.code);
    current = e.cause;
  }
  const message = error instanceof Error ? error.message : "";
  return codes.has(LOCK_NOT_AVAILABLE) || codes.has(QUERY_CANCELED) || /lock timeout/i.test(message);
}
