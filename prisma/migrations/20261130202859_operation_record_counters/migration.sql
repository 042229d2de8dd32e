-- AlterTable
ALTER TABLE "idempotency_record" ADD COLUMN     "conflict_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "in_progress_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "replay_count" INTEGER NOT NULL DEFAULT 0;
