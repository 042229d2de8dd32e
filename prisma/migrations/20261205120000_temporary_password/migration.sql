-- A temporary password (issue 26, item 7): set by an admin (staff page, `pnpm staff`), its holder must choose their own before the dashboard does anything else.

-- AlterTable
ALTER TABLE "staff_user" ADD COLUMN     "must_change_password" BOOLEAN NOT NULL DEFAULT false;
