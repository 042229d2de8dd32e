-- AlterTable
ALTER TABLE "notification_delivery" ADD COLUMN     "request_id" VARCHAR(128);
