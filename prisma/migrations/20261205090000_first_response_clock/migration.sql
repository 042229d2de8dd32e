-- The first-response clock (issue 26, item 3): when staff first answered each lead, when that is
-- due by the team's target, and the reminder and escalation, each sent once.

ALTER TYPE "NotificationKind" ADD VALUE 'lead_reminder';
ALTER TYPE "NotificationKind" ADD VALUE 'lead_escalated';

-- AlterTable
ALTER TABLE "lead" ADD COLUMN     "escalate_at" TIMESTAMPTZ(3),
ADD COLUMN     "escalated_at" TIMESTAMPTZ(3),
ADD COLUMN     "first_response_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminded_at" TIMESTAMPTZ(3),
ADD COLUMN     "response_due_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "team_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "response_target_minutes" INTEGER NOT NULL DEFAULT 15,
    "business_hours" BOOLEAN NOT NULL DEFAULT false,
    "time_zone" VARCHAR(64) NOT NULL DEFAULT 'Asia/Shanghai',
    "day_start" INTEGER NOT NULL DEFAULT 540,
    "day_end" INTEGER NOT NULL DEFAULT 1080,
    "work_days" INTEGER[] DEFAULT ARRAY[1, 2, 3, 4, 5]::INTEGER[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_first_response_at_response_due_at_idx" ON "lead"("first_response_at", "response_due_at");

-- Leads already worked before this migration: their first response is their first activity or note.
UPDATE "lead" l SET "first_response_at" = (
  SELECT min(t) FROM (
    SELECT min(a."created_at") AS t FROM "lead_activity" a WHERE a."lead_id" = l."id"
    UNION ALL
    SELECT min(n."created_at") FROM "lead_note" n WHERE n."lead_id" = l."id"
  ) first
);
