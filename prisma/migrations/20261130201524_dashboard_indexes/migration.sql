-- Substring search in the dashboard (ILIKE %x%) uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "lead_created_at_id_idx" ON "lead"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "lead_status_created_at_idx" ON "lead"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "lead_assignee_id_created_at_idx" ON "lead"("assignee_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "lead_name_trgm_idx" ON "lead" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "lead_content_trgm_idx" ON "lead" USING GIN ("content" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "lead_phone_trgm_idx" ON "lead" USING GIN ("phone" gin_trgm_ops);
