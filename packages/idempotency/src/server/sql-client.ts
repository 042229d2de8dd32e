// The small slice of a Prisma client the protocol needs. Typed structurally, so this package
// does not depend on the generated client and a business function still receives the full
// Prisma transaction client it expects.
export interface SqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface TransactionRunner<Tx extends SqlClient> extends SqlClient {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}
