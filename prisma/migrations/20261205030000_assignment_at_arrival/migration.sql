-- Assignment at arrival (issue 26, item 1): rules, the round-robin's turns, who is away, and
-- how each lead got its owner. A follow-up is found by phone or e-mail, hence the e-mail index.
-- CreateEnum
CREATE TYPE "ArrivalAssignment" AS ENUM ('follow_up', 'rule', 'round_robin', 'rule_fallback');

-- AlterTable
ALTER TABLE "lead" ADD COLUMN "arrival_assignment" "ArrivalAssignment";

-- AlterTable
ALTER TABLE "staff_user" ADD COLUMN "away" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "assignment_rule" (
    "id" UUID NOT NULL,
    "position" SERIAL NOT NULL,
    "keyword" VARCHAR(60),
    "language" VARCHAR(2),
    "member_ids" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assignment_rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assignment_turn" (
    "pool" VARCHAR(64) NOT NULL,
    "turn" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "assignment_turn_pkey" PRIMARY KEY ("pool")
);

-- CreateIndex
CREATE INDEX "lead_email_created_at_idx" ON "lead"("email", "created_at");
