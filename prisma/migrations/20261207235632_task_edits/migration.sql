-- Tasks can be corrected (packages/api/src/dashboard/lead-tasks.ts, editLeadTask): a task has a
-- version an edit must name, and the timeline's task_edited entry keeps what the edit replaced.
-- AlterEnum
ALTER TYPE "LeadActivityKind" ADD VALUE 'task_edited';

-- AlterTable
ALTER TABLE "lead_activity" ADD COLUMN     "from_task_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "from_task_title" VARCHAR(200);

-- AlterTable
ALTER TABLE "lead_task" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
