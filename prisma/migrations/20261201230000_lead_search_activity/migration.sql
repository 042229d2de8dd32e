-- Issue 13: the lead list's search (item 3) and the lead's activity history (item 4).
--
-- Search: one lower-cased text per lead holding everything staff search by (name, phone,
-- company, e-mail, message, "ld-000042"), computed by an IMMUTABLE function so it can be
-- indexed, and two indexes over it:
--   * trigrams (pg_trgm) answer queries of 3 characters and more (LIKE '%…%');
--   * an array of the text's distinct 1- and 2-character pieces answers 1- and 2-character
--     queries (a trigram index cannot: "王" or "李雷" has no trigram), by `@> ARRAY[q]`.
-- The three per-column trigram indexes they replace are dropped.
-- packages/api/src/dashboard/lead-search.ts writes the matching conditions; schema.prisma
-- cannot express expression indexes, so they live here only.

-- CreateEnum
CREATE TYPE "LeadActivityKind" AS ENUM ('status', 'assignee');

-- DropIndex
DROP INDEX "lead_content_trgm_idx";

-- DropIndex
DROP INDEX "lead_name_trgm_idx";

-- DropIndex
DROP INDEX "lead_phone_trgm_idx";

-- CreateTable
CREATE TABLE "lead_activity" (
    "id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "actor_id" TEXT NOT NULL,
    "kind" "LeadActivityKind" NOT NULL,
    "from_status" "LeadStatus",
    "to_status" "LeadStatus",
    "from_assignee_id" TEXT,
    "to_assignee_id" TEXT,
    "reason" VARCHAR(500),
    "lead_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_activity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_name_created_at_id_idx" ON "lead"("name", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "lead_activity_lead_id_created_at_idx" ON "lead_activity"("lead_id", "created_at");

-- AddForeignKey
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "lead"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Only immutable pieces (||, coalesce, lower, lpad, int4 output): the result depends on the
-- arguments alone, as an index expression must.
CREATE FUNCTION lead_search_text(name text, phone text, company text, email text, content text, number integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(
    coalesce(name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company, '') || ' ' ||
    coalesce(email, '') || ' ' || coalesce(content, '') || ' ld-' || lpad(number::text, 6, '0')
  )
$$;

-- The distinct 1- and 2-character pieces of a text, without whitespace ones (a trimmed query
-- of 1 or 2 characters never contains whitespace). Costed high so that a plan filtering rows
-- evaluates the cheap LIKE first and this only for rows that passed it.
CREATE FUNCTION lead_search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) AS i
  ) AS pieces
  WHERE g !~ '\s'
$$;

CREATE INDEX "lead_search_trgm_idx" ON "lead" USING gin (lead_search_text("name", "phone", "company", "email", "content", "number") gin_trgm_ops);
CREATE INDEX "lead_search_grams_idx" ON "lead" USING gin (lead_search_grams(lead_search_text("name", "phone", "company", "email", "content", "number")));
