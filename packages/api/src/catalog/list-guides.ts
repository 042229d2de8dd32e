// Reads the catalog customers see. Explicit select: customers never get whole rows.
import { z } from "zod";
import type { PrismaClient } from "@once/db";

export const guideSummary = z.object({
  slug: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  inStock: z.boolean(),
  maxPerOrder: z.number().int(),
});
export type GuideSummary = z.infer<typeof guideSummary>;

const guideSelect = {
  slug: true,
  titleZh: true,
  titleEn: true,
  summaryZh: true,
  summaryEn: true,
  stock: true,
  maxPerOrder: true,
} as const;

function toSummary(row: { stock: number } & Omit<GuideSummary, "inStock">): GuideSummary {
  const { stock, ...rest } = row;
  return { ...rest, inStock: stock > 0 };
}

export async function listGuides(prisma: PrismaClient): Promise<GuideSummary[]> {
  const rows = await prisma.guide.findMany({ where: { active: true }, orderBy: { slug: "asc" }, select: guideSelect });
  return rows.map(toSummary);
}

export async function findGuide(prisma: PrismaClient, slug: string): Promise<GuideSummary | null> {
  const row = await prisma.guide.findFirst({ where: { slug, active: true }, select: guideSelect });
  return row ? toSummary(row) : null;
}
