// Assignment at arrival: every new lead gets its owner inside the transaction that creates it,
// so no lead is ever unowned while someone could take it (issue 26, item 1).
//
// In order: a follow-up (the same phone or e-mail within the duplicate window) goes to the
// owner of the earlier lead while they are available; else the first of the admins' rules
// (by position) that matches the lead (its guide, its language, a keyword) takes turns among its available members; a matching rule
// whose members are all away or disabled falls back to round-robin among everyone (and the lead
// says so). "Everyone" is the available sales people, or the available admins when there is no
// sales person yet (a fresh install). Available: not disabled, not away.
//
// Turns: one counter row per pool (assignment_turn), bumped with an upsert in the lead's
// transaction. The row stays locked until that transaction commits, so concurrent leads on any
// node take consecutive turns, and people of one pool stay within one lead of each other.
import type { Prisma } from "@once/db";
import type { ArrivalAssignment } from "@once/db/domain";

export interface LeadText {
  content: string;
  company: string | null;
  name: string;
  /** The sample guide the inquiry is about, if any. */
  guideId: string | null;
}

export interface Owner {
  assigneeId: string | null;
  arrivalAssignment: ArrivalAssignment | null;
}

/** The language a rule can ask for: "zh" when the lead's text has a Chinese character, else "en". */
export const leadLanguage = (lead: LeadText): "zh" | "en" => (/\p{Script=Han}/u.test(`${lead.name} ${lead.content} ${lead.company ?? ""}`) ? "zh" : "en");

/** Whether a rule's conditions (each optional, at least one set) all hold for the lead. */
export function ruleMatches(rule: { keyword: string | null; language: string | null; guideId: string | null }, lead: LeadText): boolean {
  if (rule.guideId && rule.guideId !== lead.guideId) return false;
  if (rule.language && rule.language !== leadLanguage(lead)) return false;
  if (rule.keyword) {
    const needle = rule.keyword.toLocaleLowerCase();
    const haystack = `${lead.content}\n${lead.company ?? ""}`.toLocaleLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return rule.keyword !== null || rule.language !== null || rule.guideId !== null;
}

const EVERYONE = "everyone";

/** The next member of a pool, in id order: bumps the pool's turn (locked until the caller commits). */
async function nextInTurn(tx: Prisma.TransactionClient, pool: string, members: readonly string[]): Promise<string> {
  const { turn } = await tx.assignmentTurn.upsert({
    where: { pool },
    create: { pool, turn: 1 },
    update: { turn: { increment: 1 } },
    select: { turn: true },
  });
  const ordered = [...members].sort();
  return ordered[(turn - 1) % ordered.length]!;
}

/**
 * The owner of a new lead. `earlierOwnerId`: the owner of the same customer's earlier lead in
 * the duplicate window, if any. Nobody available at all: no owner (the list shows the lead as
 * unassigned, and the dashboard's assignment page says why).
 */
export async function chooseOwner(tx: Prisma.TransactionClient, lead: LeadText, earlierOwnerId: string | null): Promise<Owner> {
  const available = await tx.user.findMany({ where: { disabledAt: null, away: false }, select: { id: true, role: true } });
  if (available.length === 0) return { assigneeId: null, arrivalAssignment: null };
  const availableIds = new Set(available.map((u) => u.id));
  if (earlierOwnerId && availableIds.has(earlierOwnerId)) return { assigneeId: earlierOwnerId, arrivalAssignment: "follow_up" };

  const rules = await tx.assignmentRule.findMany({
    orderBy: { position: "asc" },
    select: { id: true, keyword: true, language: true, guideId: true, memberIds: true },
  });
  const rule = rules.find((r) => ruleMatches(r, lead));
  if (rule) {
    const members = rule.memberIds.filter((id) => availableIds.has(id));
    if (members.length > 0) return { assigneeId: await nextInTurn(tx, rule.id, members), arrivalAssignment: "rule" };
  }
  const sales = available.filter((u) => u.role === "sales").map((u) => u.id);
  const everyone = sales.length > 0 ? sales : available.filter((u) => u.role === "admin").map((u) => u.id);
  if (everyone.length === 0) return { assigneeId: null, arrivalAssignment: null };
  return { assigneeId: await nextInTurn(tx, EVERYONE, everyone), arrivalAssignment: rule ? "rule_fallback" : "round_robin" };
}
