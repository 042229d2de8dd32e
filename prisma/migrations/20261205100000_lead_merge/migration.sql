-- Merging leads (issue 26, item 4): a merged lead points to its primary; each merge, and its undoing, is recorded.

-- AlterTable
ALTER TABLE "lead" ADD COLUMN     "merged_into_id" UUID;

-- CreateTable
CREATE TABLE "lead_merge" (
    "id" UUID NOT NULL,
    "primary_id" UUID NOT NULL,
    "merged_id" UUID NOT NULL,
    "actor_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by_id" TEXT,

    CONSTRAINT "lead_merge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_merge_primary_id_created_at_idx" ON "lead_merge"("primary_id", "created_at");

-- CreateIndex
CREATE INDEX "lead_merge_merged_id_idx" ON "lead_merge"("merged_id");

-- CreateIndex
CREATE INDEX "lead_merged_into_id_idx" ON "lead"("merged_into_id");

-- AddForeignKey
ALTER TABLE "lead" ADD CONSTRAINT "lead_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_primary_id_fkey" FOREIGN KEY ("primary_id") REFERENCES "lead"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_merged_id_fkey" FOREIGN KEY ("merged_id") REFERENCES "lead"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_undone_by_id_fkey" FOREIGN KEY ("undone_by_id") REFERENCES "staff_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
