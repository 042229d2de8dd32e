-- The retention sweeps find their rows by outcome, then expiry: turning records that just
-- expired into tombstones never walks past the (much more numerous) tombstones, and compaction
-- finds the oldest tombstones without walking past live records. Building it takes the table's
-- write lock for about 15 s per ten million rows on 2 cores (BENCHMARKS.md, bench:storage).

-- DropIndex
DROP INDEX "idempotency_record_expires_at_idx";

-- CreateIndex
CREATE INDEX "idempotency_record_outcome_expires_at_idx" ON "idempotency_record"("outcome", "expires_at");
