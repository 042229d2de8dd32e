-- Saved views of the lead list on the server (issue 26, item 7): each staff member's own, optionally shared with the team.

-- CreateTable
CREATE TABLE "saved_view" (
    "id" UUID NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "query" VARCHAR(500) NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_view_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_view_shared_idx" ON "saved_view"("shared");

-- CreateIndex
CREATE UNIQUE INDEX "saved_view_owner_id_name_key" ON "saved_view"("owner_id", "name");

-- AddForeignKey
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "staff_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
