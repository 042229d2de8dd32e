/*
  Warnings:

  - A unique constraint covering the columns `[lead_id,channel,kind,lead_version]` on the table `notification_delivery` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('lead_created', 'lead_assigned');

-- DropIndex
DROP INDEX "notification_delivery_lead_id_channel_key";

-- AlterTable
ALTER TABLE "notification_delivery" ADD COLUMN     "kind" "NotificationKind" NOT NULL DEFAULT 'lead_created',
ADD COLUMN     "lead_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "recipient_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "notification_delivery_lead_id_channel_kind_lead_version_key" ON "notification_delivery"("lead_id", "channel", "kind", "lead_version");

-- AddForeignKey
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "staff_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
