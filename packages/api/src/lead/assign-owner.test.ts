// Issue 26, item 1: every lead has its owner from the transaction that creates it. Rules here
// use a keyword of this file's own, so other test files' staff never take their turns (the
// round-robin among everyone, which they share, is measured on its own database by
// e2e/system/assignment-burst.test.ts).
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { DEFAULT_OPERATION_SETTINGS } from "../definitions/settings.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { leadOperation } from "./submit-lead.ts";
import { leadLanguage, ruleMatches } from "./assign-owner.ts";

let prisma: PrismaClient;
const tag = `kw${randomUUID().slice(0, 8)}`;
const people = { ana: randomUUID(), bo: randomUUID(), cy: randomUUID(), admin: randomUUID(), gone: randomUUID() };

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.createMany({
    data: [
      { id: people.ana, name: "Ana", email: `${people.ana}@example.com`, role: "sales" },
      { id: people.bo, name: "Bo", email: `${people.bo}@example.com`, role: "sales" },
      { id: people.cy, name: "Cy", email: `${people.cy}@example.com`, role: "sales" },
      { id: people.admin, name: "Admin", email: `${people.admin}@example.com`, role: "admin" },
      { id: people.gone, name: "Gone", email: `${people.gone}@example.com`, role: "sales", disabledAt: new Date() },
    ],
  });
});
afterAll(() => prisma.$disconnect());

const adminCaller = () =>
  createCaller(
    createContextInner({
      prisma,
      customerId: null,
      staff: { id: people.admin, role: "admin", name: "Admin", email: "" },
      operationSettings: DEFAULT_OPERATION_SETTINGS,
    }),
  ).dashboard.assignment;

const salesCaller = (id: string) =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id, role: "sales", name: "", email: "" } })).dashboard.assignment;

async function submit(fields: { content: string; phone?: string; email?: string | null; guide?: string }, channels: ("webhook" | "email")[] = []) {
  const result = await runOnce(recordStore(prisma), leadOperation({ channels }), {
    principal: newCustomer().principal,
    key: mintOperationKey(),
    input: {
      name: "Zhao",
      phone: fields.phone ?? `+4420${Math.floor(Math.random() * 1e8)}`,
      content: fields.content,
      email: fields.email ?? null,
      company: null,
      guide: fields.guide ?? null,
    },
  });
  if (!result.resultId) return null;
  return prisma.lead.findUniqueOrThrow({ where: { id: result.resultId }, select: { id: true, assigneeId: true, arrivalAssignment: true, guideId: true } });
}

describe("reading a lead for rules", () => {
  const lead = (content: string, guideId: string | null = null) => ({ name: "", content, company: null, guideId });
  it("tells Chinese text from other text, and matches a keyword in any case", () => {
    expect(leadLanguage(lead("需要样品"))).toBe("zh");
    expect(leadLanguage(lead("need samples"))).toBe("en");
    expect(ruleMatches({ keyword: "Valve", language: null, guideId: null }, lead("about VALVES"))).toBe(true);
    expect(ruleMatches({ keyword: "valve", language: "zh", guideId: null }, lead("about valves"))).toBe(false);
    expect(ruleMatches({ keyword: null, language: null, guideId: null }, lead("anything"))).toBe(false);
  });
  it("matches a guide rule to inquiries about that guide only", () => {
    const guide = randomUUID();
    expect(ruleMatches({ keyword: null, language: null, guideId: guide }, lead("anything", guide))).toBe(true);
    expect(ruleMatches({ keyword: null, language: null, guideId: guide }, lead("anything"))).toBe(false);
    expect(ruleMatches({ keyword: null, language: null, guideId: guide }, lead("anything", randomUUID()))).toBe(false);
    expect(ruleMatches({ keyword: null, language: "zh", guideId: guide }, lead("anything", guide))).toBe(false);
  });
});

describe("assignment at arrival", () => {
  it("takes turns among a rule's members, balanced, and skips whoever is away", async () => {
    const { id } = await adminCaller().createRule({ keyword: tag, memberIds: [people.ana, people.bo, people.cy] });
    const owners: string[] = [];
    for (let i = 0; i < 9; i++) owners.push((await submit({ content: `question about ${tag} #${i}` }))!.assigneeId!);
    for (const person of [people.ana, people.bo, people.cy]) expect(owners.filter((o) => o === person)).toHaveLength(3);

    await salesCaller(people.bo).setAway({ userId: people.bo, away: true });
    const whileAway = await Promise.all(Array.from({ length: 6 }, (_, i) => submit({ content: `${tag} while Bo is away ${i}` })));
    expect(whileAway.every((l) => l!.arrivalAssignment === "rule")).toBe(true);
    expect(whileAway.filter((l) => l!.assigneeId === people.ana)).toHaveLength(3);
    expect(whileAway.filter((l) => l!.assigneeId === people.cy)).toHaveLength(3);
    await salesCaller(people.bo).setAway({ userId: people.bo, away: false });
    await adminCaller().deleteRule({ id });
  });

  it("falls back to round-robin, and says so, when nobody in the matching rule is available", async () => {
    const { id } = await adminCaller().createRule({ keyword: `${tag}-solo`, memberIds: [people.cy] });
    await adminCaller().setAway({ userId: people.cy, away: true });
    const overview = await adminCaller().overview();
    expect(overview.rules.find((r) => r.id === id)?.fallsBack).toBe(true);
    const lead = (await submit({ content: `about ${tag}-solo` }))!;
    expect(lead.arrivalAssignment).toBe("rule_fallback");
    expect(lead.assigneeId).not.toBeNull();
    expect(lead.assigneeId).not.toBe(people.cy);
    await adminCaller().setAway({ userId: people.cy, away: false });
    await adminCaller().deleteRule({ id });
  });

  it("gives the inquiries about a guide to its rule's members, stores the guide, and refuses an unknown guide", async () => {
    const slug = `guide-${tag}`;
    const guide = await prisma.guide.create({
      data: { slug, titleZh: "测试资料", titleEn: "Test guide", summaryZh: "-", summaryEn: "-", stock: 1 },
      select: { id: true },
    });
    const { id } = await adminCaller().createRule({ guideId: guide.id, memberIds: [people.cy] });
    const about = (await submit({ content: "when can you send it?", guide: slug }))!;
    expect(about).toMatchObject({ assigneeId: people.cy, arrivalAssignment: "rule", guideId: guide.id });
    // The same words without the guide are not the rule's.
    expect((await submit({ content: "when can you send it?" }))!.guideId).toBeNull();
    expect(await submit({ content: `about a guide that is not there ${tag}`, guide: `${slug}-missing` })).toBeNull();
    expect(await prisma.lead.count({ where: { content: `about a guide that is not there ${tag}` } })).toBe(0);
    // A rule naming a guide that is not in the catalog is refused, nothing saved.
    await expect(adminCaller().createRule({ guideId: randomUUID(), memberIds: [people.cy] })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await adminCaller().deleteRule({ id });
    expect(await prisma.assignmentRule.count({ where: { guideId: guide.id } })).toBe(0);
  });

  it("gives a follow-up from the same phone or e-mail to the earlier lead's owner, told once by e-mail", async () => {
    const { id } = await adminCaller().createRule({ keyword: `${tag}-first`, memberIds: [people.bo] });
    const email = `${randomUUID()}@example.com`;
    const first = (await submit({ content: `${tag}-first`, email }, ["webhook", "email"]))!;
    expect(first.assigneeId).toBe(people.bo);
    const byEmail = (await submit({ content: "a second question, nothing in common", email }, ["webhook", "email"]))!;
    expect(byEmail).toMatchObject({ assigneeId: people.bo, arrivalAssignment: "follow_up" });
    const told = await prisma.notificationDelivery.findMany({
      where: { leadId: byEmail.id, kind: "lead_assigned" },
      select: { recipientId: true, leadVersion: true },
    });
    expect(told).toEqual([{ recipientId: people.bo, leadVersion: 1 }]);
    await adminCaller().deleteRule({ id });
  });
});

describe("the assignment page's refusals", () => {
  it("refuses a rule with no condition, no member, a disabled or unknown member; only admins make rules", async () => {
    // The application's code where there is one (MEMBER_DISABLED, NOT_YOURS), else tRPC's.
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: unknown) => (e instanceof ProtocolTRPCError ? e.protocol.code : e instanceof TRPCError ? e.code : e),
      );
    expect(await codeOf(adminCaller().createRule({ keyword: " ", memberIds: [people.ana] }))).toBe("BAD_REQUEST");
    expect(await codeOf(adminCaller().createRule({ keyword: tag, memberIds: [] }))).toBe("BAD_REQUEST");
    expect(await codeOf(adminCaller().createRule({ keyword: tag, memberIds: [people.gone] }))).toBe("MEMBER_DISABLED");
    expect(await codeOf(adminCaller().createRule({ keyword: tag, memberIds: [randomUUID()] }))).toBe("NOT_FOUND");
    expect(await codeOf(salesCaller(people.ana).createRule({ keyword: tag, memberIds: [people.ana] }))).toBe("FORBIDDEN");
    expect(await codeOf(salesCaller(people.ana).setAway({ userId: people.bo, away: true }))).toBe("NOT_YOURS");
    expect(await prisma.assignmentRule.count({ where: { keyword: tag } })).toBe(0);
  });
});
