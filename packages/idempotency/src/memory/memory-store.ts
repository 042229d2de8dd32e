// The store in memory: for fast tests of the protocol's states and of applications that use
// it, with the PostgreSQL store's semantics (the shared suite in `testing/` checks both):
// a transaction's claim and outcome become visible only when it commits, a failing
// transaction leaves nothing behind, a second transaction claiming the same key waits
// for the first, up to the lock timeout, and a claim of a key that is taken hands back its
// record.
import type { ClaimToken, CounterDelta, IdempotencyStore, OperationRecord, Scope, StoreTransaction } from "../server/store.ts";
import { LockTimeoutError } from "../server/store.ts";

interface Row extends OperationRecord {
  principal: string;
}

const keyOf = (scope: Scope, key: string) => JSON.stringify([scope.principal, scope.operation, key]);

/** What the business function gets in tests: writes that commit with the transaction. */
export interface MemoryTransaction {
  /** Runs `apply` when (and only if) the transaction commits. */
  onCommit(apply: () => void): void;
}

export interface MemoryStore extends IdempotencyStore<MemoryTransaction> {
  /** Every committed record (for assertions). */
  records(): readonly Row[];
  /** How many claims wait for another transaction's claim on their key (for assertions). */
  waitingClaims(): number;
}

export function createMemoryStore(options: { now?: () => Date } = {}): MemoryStore {
  const now = options.now ?? (() => new Date());
  const committed = new Map<string, Row>();
  // Keys claimed by open transactions, each with a promise that settles when that one ends.
  const claims = new Map<string, Promise<void>>();
  let waiting = 0;

  const copy = (row: Row | undefined): Row | null => (row ? { ...row, counters: { ...row.counters } } : null);

  return {
    records: () => [...committed.values()].map((row) => copy(row)!),
    waitingClaims: () => waiting,

    find: (scope, key) => Promise.resolve(copy(committed.get(keyOf(scope, key)))),

    async transaction(work, { lockTimeoutMs }) {
      const held: string[] = [];
      const pendingRows = new Map<string, Row>();
      const afterCommit: (() => void)[] = [];
      let release!: () => void;
      const ended = new Promise<void>((resolve) => (release = resolve));

      const transaction: StoreTransaction<MemoryTransaction> = {
        tx: { onCommit: (apply) => afterCommit.push(apply) },
        async claim(scope, key, fingerprint, expiresAt) {
          const id = keyOf(scope, key);
          for (;;) {
            const taken = committed.get(id);
            if (taken) return { taken: copy(taken) };
            const other = claims.get(id);
            if (!other) break;
            let timer: ReturnType<typeof setTimeout> | undefined;
            waiting++;
            const timedOut = await Promise.race([other.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), lockTimeoutMs)))]);
            waiting--;
            clearTimeout(timer);
            if (timedOut) throw new LockTimeoutError("a concurrent claim on this key was not released in time");
          }
          claims.set(id, ended);
          held.push(id);
          const row: Row = {
            principal: scope.principal,
            operation: scope.operation,
            key,
            fingerprint,
            outcome: "completed",
            responseStatus: null,
            responseBody: null,
            resultId: null,
            createdAt: now(),
            expiresAt,
            counters: { replayed: 0, conflict: 0, inProgress: 0 },
          };
          pendingRows.set(id, row);
          return { held: { claim: id } satisfies ClaimToken };
        },
        find: (scope, key) => Promise.resolve(copy(committed.get(keyOf(scope, key)))),
        complete(claim, outcome) {
          const row = pendingRows.get(claim.claim as string);
          if (!row) throw new Error("complete() without a claim in this transaction");
          Object.assign(row, { outcome: outcome.outcome, responseStatus: outcome.status, responseBody: outcome.bodyJson, resultId: outcome.resultId });
          return Promise.resolve();
        },
      };

      try {
        const result = await work(transaction);
        // Commit: a claim without an outcome would be an in-progress record, which the protocol
        // never leaves behind; it is dropped like PostgreSQL's would be rolled back with it.
        for (const [id, row] of pendingRows) if (row.responseStatus !== null) committed.set(id, row);
        for (const apply of afterCommit) apply();
        return result;
      } finally {
        for (const id of held) claims.delete(id);
        release();
      }
    },

    findForPrincipal(principal, key, operations) {
      const matches = [...committed.values()]
        .filter((row) => row.principal === principal && row.key === key && operations.includes(row.operation))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return Promise.resolve(copy(matches[0]));
    },

    addCounters(deltas: readonly CounterDelta[]) {
      for (const delta of deltas) {
        const row = committed.get(keyOf(delta, delta.key));
        if (!row) continue;
        row.counters.replayed += delta.replayed ?? 0;
        row.counters.conflict += delta.conflict ?? 0;
        row.counters.inProgress += delta.inProgress ?? 0;
      }
      return Promise.resolve();
    },

    expire({ batchSize = 500, maxBatches = Number.POSITIVE_INFINITY, now: at = now() } = {}) {
      let total = 0;
      const due = [...committed.values()].filter((row) => row.outcome !== "expired" && row.expiresAt.getTime() <= at.getTime());
      for (const row of due.slice(0, batchSize * Math.min(maxBatches, Number.MAX_SAFE_INTEGER))) {
        row.outcome = "expired";
        row.responseBody = null;
        total++;
      }
      return Promise.resolve(total);
    },

    compact({ expiredBefore, batchSize = 500, maxBatches = Number.POSITIVE_INFINITY }) {
      const due = [...committed.entries()].filter(([, row]) => row.outcome === "expired" && row.expiresAt.getTime() <= expiredBefore.getTime());
      const taken = due.slice(0, batchSize * Math.min(maxBatches, Number.MAX_SAFE_INTEGER));
      for (const [id] of taken) committed.delete(id);
      return Promise.resolve(taken.length);
    },

    // A claim here is committed only together with its outcome: none is ever left in progress.
    forgetAbandoned: () => Promise.resolve(0),
  };
}
