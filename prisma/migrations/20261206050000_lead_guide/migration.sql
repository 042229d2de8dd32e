-- An inquiry may be about one sample guide (asked from the guide's page), and an assignment rule
-- may send the inquiries about a guide to its own people.
ALTER TABLE "lead" ADD COLUMN "guide_id" UUID;
ALTER TABLE "assignment_rule" ADD COLUMN "guide_id" UUID;

ALTER TABLE "lead" ADD CONSTRAINT "lead_guide_id_fkey" FOREIGN KEY ("guide_id") REFERENCES "guide"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "assignment_rule" ADD CONSTRAINT "assignment_rule_guide_id_fkey" FOREIGN KEY ("guide_id") REFERENCES "guide"("id") ON DELETE SET NULL ON UPDATE CASCADE;
