-- AlterTable
ALTER TABLE "staff_user" ADD COLUMN     "disabled_at" TIMESTAMP(3);
