// Whether a database error is the unique index of one column refusing a second row with the
// same value: Prisma's P2002, on the index PostgreSQL names `<table>_<column>_key` (what
// `@unique` creates). The driver adapter (@prisma/adapter-pg) names the index, or its fields,
// in meta.driverAdapterError.cause.constraint; Prisma's native engine puts the fields in
// meta.target. Read by shape, like ../../db/src/unavailable.ts, not by class.

interface UniqueViolationMeta {
  target?: unknown;
  driverAdapterError?: { cause?: { constraint?: { index?: unknown; fields?: unknown } } };
}

export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  const { code, meta } = (error ?? {}) as { code?: unknown; meta?: UniqueViolationMeta };
  if (code !== "P2002") return false;
  const constraint = meta?.driverAdapterError?.cause?.constraint;
  const names = [constraint?.index, constraint?.fields, meta?.target].flat();
  return names.includes(`${table}_${column}_key`) || names.includes(column);
}
