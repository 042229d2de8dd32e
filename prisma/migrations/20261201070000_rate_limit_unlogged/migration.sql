-- Rate-limit counters need no durability (losing them in a crash only resets budgets), and
-- every write request updates two of them: without WAL they cost no fsync per statement.
ALTER TABLE "rate_limit" SET UNLOGGED;
