// The assignment page (/dashboard/assignment): who takes new leads, who is away, and the
// admins' rules that lead/assign-owner.ts applies in each lead's transaction. A rule needs a
// guide, a keyword or a language (one with none would take every lead) and at least one member, each
// an account that exists and is not disabled; a rule whose members are all away is kept, and
// the page says its leads fall back to round-robin until someone is back.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { safeText } from "../text-safety.ts";
import { UnknownId } from "./unknown-id.ts";

export const RULE_LIMITS = { keyword: 60, members: 50, rules: 100 } as const;

export const assignmentRuleInput = z
  .object({
    keyword: z
      .string()
      .trim()
      .max(RULE_LIMITS.keyword, `keyword has at most ${RULE_LIMITS.keyword} characters`)
      .check(safeText("keyword"))
      .transform((k) => (k === "" ? null : k))
      .nullable()
      .optional(),
    language: z.enum(["zh", "en"]).nullable().optional(),
    /** Inquiries about this sample guide (asked from its page). */
    guideId: z.uuid("guideId must be a guide's id").nullable().optional(),
    memberIds: z
      .array(z.string().min(1).max(64).check(safeText("memberIds")))
      .min(1, "choose at least one person for this rule")
      .max(RULE_LIMITS.members, `a rule has at most ${RULE_LIMITS.members} members`),
  })
  .refine((r) => (r.keyword ?? null) !== null || (r.language ?? null) !== null || (r.guideId ?? null) !== null, {
    message: "a rule needs a guide, a keyword or a language (one with none would take every lead)",
    path: ["keyword"],
  });

export const awayInput = z.object({ userId: z.string().min(1).max(64).check(safeText("userId")), away: z.boolean() });

export class AssignmentRefusal extends Error {
  constructor(
    readonly reason: "MEMBER_DISABLED" | "TOO_MANY_RULES" | "NOT_YOURS",
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Everyone who can own leads, with their open leads and the leads they got in the last 7 days; the rules with who is available in each. */
export async function assignmentOverview(prisma: PrismaClient) {
  const since = new Date(Date.now() - 7 * DAY_MS);
  const [people, open, recent, rules, guides] = await Promise.all([
    prisma.user.findMany({ where: { disabledAt: null }, select: { id: true, name: true, email: true, role: true, away: true }, orderBy: { name: "asc" } }),
    prisma.lead.groupBy({ by: ["assigneeId"], where: { status: { in: ["new", "contacted", "qualified"] } }, _count: { _all: true } }),
    prisma.lead.groupBy({ by: ["assigneeId"], where: { createdAt: { gte: since } }, _count: { _all: true } }),
    prisma.assignmentRule.findMany({
      orderBy: { position: "asc" },
      select: { id: true, keyword: true, language: true, memberIds: true, createdAt: true, guide: { select: { id: true, titleZh: true, titleEn: true } } },
    }),
    prisma.guide.findMany({ where: { active: true }, orderBy: { slug: "asc" }, select: { id: true, titleZh: true, titleEn: true } }),
  ]);
  const count = (rows: typeof open, id: string) => rows.find((r) => r.assigneeId === id)?._count._all ?? 0;
  const available = new Set(people.filter((p) => !p.away).map((p) => p.id));
  const roundRobin = people.filter((p) => !p.away && p.role === "sales");
  return {
    people: people.map((p) => ({ ...p, openLeads: count(open, p.id), lastWeek: count(recent, p.id) })),
    /** The guides a rule may name (those in the catalog). */
    guides,
    /** Who takes round-robin turns: the available sales people, or the available admins when there are none. */
    roundRobin: (roundRobin.length > 0 ? roundRobin : people.filter((p) => !p.away && p.role === "admin")).map((p) => p.id),
    rules: rules.map((r) => ({
      ...r,
      members: r.memberIds.map((id) => ({ id, name: people.find((p) => p.id === id)?.name ?? null, available: available.has(id) })),
      /** No member is available: its leads go to round-robin until someone is back. */
      fallsBack: !r.memberIds.some((id) => available.has(id)),
    })),
  };
}

export async function createAssignmentRule(prisma: PrismaClient, input: z.infer<typeof assignmentRuleInput>) {
  const memberIds = [...new Set(input.memberIds)];
  const members = await prisma.user.findMany({ where: { id: { in: memberIds } }, select: { id: true, disabledAt: true } });
  if (members.length !== memberIds.length) throw new UnknownId("staff member");
  if (members.some((m) => m.disabledAt)) throw new AssignmentRefusal("MEMBER_DISABLED", "a disabled account cannot take leads; enable it first");
  if (input.guideId && (await prisma.guide.count({ where: { id: input.guideId, active: true } })) === 0) throw new UnknownId("guide");
  if ((await prisma.assignmentRule.count()) >= RULE_LIMITS.rules) {
    throw new AssignmentRefusal("TOO_MANY_RULES", `there are at most ${RULE_LIMITS.rules} rules; delete one first`);
  }
  return prisma.assignmentRule.create({
    data: { keyword: input.keyword ?? null, language: input.language ?? null, guideId: input.guideId ?? null, memberIds },
    select: { id: true },
  });
}

export async function deleteAssignmentRule(prisma: PrismaClient, id: string) {
  const { count } = await prisma.assignmentRule.deleteMany({ where: { id } });
  if (count === 0) throw new UnknownId("assignment rule");
  return { deleted: true };
}

/** Away or back: anyone for themselves, an admin for anyone. */
export async function setAway(prisma: PrismaClient, actor: { id: string; role: string }, input: z.infer<typeof awayInput>) {
  if (input.userId !== actor.id && actor.role !== "admin") throw new AssignmentRefusal("NOT_YOURS", "only an admin can mark someone else away");
  const { count } = await prisma.user.updateMany({ where: { id: input.userId, disabledAt: null }, data: { away: input.away } });
  if (count === 0) throw new UnknownId("staff member");
  return { away: input.away };
}
