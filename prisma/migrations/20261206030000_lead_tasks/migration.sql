-- Follow-up tasks on a lead (issue 26, item 3): "call back Tuesday" with a due time and an
-- assignee, reminded once at the due time through the outbox, like the first-response clock.

CREATE TABLE "lead_task" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "lead_id" UUID NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "assignee_id" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done_at" TIMESTAMPTZ(3),
    "done_by_id" TEXT,
    "reminded_at" TIMESTAMPTZ(3),

    CONSTRAINT "lead_task_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "lead_task_number_key" ON "lead_task"("number");
CREATE INDEX "lead_task_lead_id_due_at_idx" ON "lead_task"("lead_id", "due_at");
CREATE INDEX "lead_task_assignee_id_done_at_due_at_idx" ON "lead_task"("assignee_id", "done_at", "due_at");
CREATE INDEX "lead_task_done_at_reminded_at_due_at_idx" ON "lead_task"("done_at", "reminded_at", "due_at");

ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "lead"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_done_by_id_fkey" FOREIGN KEY ("done_by_id") REFERENCES "staff_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The reminder: an outbox row of its own kind, naming its task (kept when the task is deleted).
ALTER TYPE "NotificationKind" ADD VALUE 'task_reminder';
ALTER TABLE "notification_delivery" ADD COLUMN "task_id" UUID;
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "lead_task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The lead's timeline: each task change is an activity (the task's title and due time kept with it).
ALTER TYPE "LeadActivityKind" ADD VALUE 'task_added';
ALTER TYPE "LeadActivityKind" ADD VALUE 'task_completed';
ALTER TYPE "LeadActivityKind" ADD VALUE 'task_reopened';
ALTER TYPE "LeadActivityKind" ADD VALUE 'task_deleted';
ALTER TABLE "lead_activity" ADD COLUMN "task_title" VARCHAR(200),
ADD COLUMN "task_due_at" TIMESTAMPTZ(3);
