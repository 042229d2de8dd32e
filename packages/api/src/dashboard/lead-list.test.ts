// The lead list as staff use it (issue 13, item 3), on the real database: search by every field
// including one Chinese character, sort with keyset pages, counts per status, and bulk changes
// that report per lead what was done and what was refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { normaliseSearch } from "./lead-search.ts";
import { leadIdsPage, type LeadCursor } from "./lead-list.ts";

let prisma: PrismaClient;
// A character of CJK Extension A per run: no other test's lead contains it, so a one-character
// search for it finds exactly this file's leads.
const mark = String.fromCodePoint(0x3400 + Math.floor(Math.random() * 0x19b0));
const company = `公司${randomUUID().slice(0, 8)}`;
const staffId = randomUUID();
const ids: Record<string, string> = {};

async function lead(key: string, input: { name: string; phone: string; content: string; email?: string; company?: string }) {
  const { principal } = newCustomer();
  const result = await runOnce(recordStore(prisma), submitLeadOperation, {
    principal,
    key: mintOperationKey(),
    input: { email: null, company: null, ...input },
  });
  ids[key] = result.resultId!;
}

beforeAll(async () => {
  prisma = testPrisma();
  await lead("wang", { name: `王${mark}明`, phone: "13812345678", content: "想了解价格" });
  await lead("anna", {
    name: `Anna ${mark}`,
    phone: "+491701234567",
    content: "Please call me\nabout 200 copies",
    email: `anna.${staffId.slice(0, 8)}@example.com`,
  });
  await lead("li", { name: `李雷 ${mark}`, phone: "13900001111", content: "需要英文版", company });
  await lead("zed", { name: `Zed ${mark}`, phone: "13700002222", content: `discount ${mark} please` });
  // Made after the leads arrived, so none of them is this staff member's on arrival.
  await prisma.user.create({ data: { id: staffId, name: "List Staff", email: `${staffId}@example.com`, role: "sales" } });
  // Unowned, whoever the round-robin gave them on arrival (other files' sales people take turns
  // on the same database): the bulk changes below start from no owner.
  await prisma.lead.updateMany({ where: { id: { in: Object.values(ids) } }, data: { assigneeId: null } });
});
afterAll(() => prisma.$disconnect());

const staff = () =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "List Staff", email: "l@example.com" } }));
const found = async (search: string, extra: Record<string, unknown> = {}) =>
  (await staff().dashboard.leads.list({ search, limit: 100, ...extra })).items.map((l) => l.id);
const keys = (list: string[]) =>
  list
    .map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? "other")
    .filter((k) => k !== "other")
    .sort();

describe("lead search", () => {
  it("finds one character (Chinese or any script), in names and message text", async () => {
    expect(keys(await found(mark))).toEqual(["anna", "li", "wang", "zed"]);
    expect(keys(await found(`王${mark}`))).toEqual(["wang"]);
  });

  it("finds company, e-mail, message text, phone (with separators) and lead number", async () => {
    expect(keys(await found(company))).toEqual(["li"]);
    expect(keys(await found(`ANNA.${staffId.slice(0, 8)}`))).toEqual(["anna"]);
    expect(keys(await found("200 copies"))).toContain("anna");
    expect(keys(await found("138 1234-5678"))).toEqual(["wang"]);
    const number = (await staff().dashboard.leads.get({ id: ids.li! })).number;
    for (const typed of [number, number.toLowerCase(), `LD ${Number(number.slice(3))}`, `ld-${Number(number.slice(3))}`])
      expect(await found(typed)).toEqual([ids.li]);
  });

  it("normalises any input instead of refusing it", () => {
    expect(normaliseSearch("  Hello\u0000  World\n ")).toBe("hello world");
    expect(normaliseSearch("x".repeat(500))).toHaveLength(100);
    expect(normaliseSearch("\uD800")).toBe("");
    expect(normaliseSearch("(139) 0013-9000")).toBe("13900139000");
    expect(normaliseSearch("LD-42")).toBe("ld-000042");
  });
});

describe("lead list order and counts", () => {
  it("sorts by name both ways and pages through without gaps or repeats", async () => {
    for (const dir of ["asc", "desc"] as const) {
      const seen: string[] = [];
      let cursor: { value: string | null; createdAt: Date; id: string } | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await staff().dashboard.leads.list({ search: mark, sort: "name", dir, limit: 1, cursor });
        seen.push(...result.items.map((l) => l.name));
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
      const names = [`Anna ${mark}`, `Zed ${mark}`, `李雷 ${mark}`, `王${mark}明`].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
      expect(seen).toEqual(dir === "asc" ? names : [...names].reverse());
    }
  });

  it("counts the matching leads per status, whatever the status filter", async () => {
    const counts = await staff().dashboard.leads.counts({ search: mark, status: "won" });
    expect(counts.new).toEqual({ count: 4, capped: false });
    expect(counts.won).toEqual({ count: 0, capped: false });
  });

  it("walks a common short term (dense among the newest leads): every match found, counted up to 100", async () => {
    // Another character of this run, in 105 leads: a tenth of the probe's window and more, so
    // the list walks the newest-first index instead of reading the pieces' index.
    let common = mark;
    while (common === mark) common = String.fromCodePoint(0x3400 + Math.floor(Math.random() * 0x19b0));
    const created = new Set<string>();
    for (let i = 0; i < 105; i++) {
      const input = { name: `客户${common}${i}`, phone: `1390000${String(i).padStart(4, "0")}`, content: "想了解价格", email: null, company: null };
      const outcome = await submitLeadOperation.execute(prisma, input, { principal: newCustomer().principal, key: mintOperationKey() });
      if (outcome.outcome === "completed") created.add(outcome.resultId);
    }
    const seen: string[] = [];
    let cursor: { value: string | null; createdAt: Date; id: string } | undefined;
    do {
      const page = await staff().dashboard.leads.list({ search: common, limit: 25, cursor });
      seen.push(...page.items.map((l) => l.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen)).toEqual(created);
    expect(seen).toHaveLength(105);
    // Walked counts stop at 100 ("100+"); the rare mark's are exact (the pieces' index).
    expect((await staff().dashboard.leads.counts({ search: common })).new).toEqual({ count: 100, capped: true });
    expect((await staff().dashboard.leads.counts({ search: mark })).new.capped).toBe(false);
  });

  it("probes where the walk would start: a term dense among the newest but sorting after 2,000 names is walked newest first, not by name, until a page starts at its names", async () => {
    let term = mark;
    while (term === mark) term = String.fromCodePoint(0x3400 + Math.floor(Math.random() * 0x19b0));
    const owner = randomUUID();
    await prisma.user.create({ data: { id: owner, name: "Probe Staff", email: `${owner}@example.com`, role: "sales" } });
    const group = `probe-${randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const row = (i: number, name: string, ageMs: number) => ({
      customerId: group,
      operationKey: `k${i}`,
      name,
      phone: "13900000000",
      content: "-",
      assigneeId: owner,
      createdAt: new Date(now - ageMs),
    });
    // 2,000 older leads whose names sort before the term's ("〇", U+3007, is below every CJK
    // Extension A character), then 30 newest whose names start with the term: as 王 after every
    // Latin name on a million leads, dense newest first and last by name, absent from its start.
    const termNames = Array.from({ length: 30 }, (_, i) => `${term}客户${String(i).padStart(2, "0")}`);
    try {
      await prisma.lead.createMany({ data: Array.from({ length: 2_000 }, (_, i) => row(i, `〇${String(i).padStart(4, "0")}`, 3_600_000 - i * 1_000)) });
      await prisma.lead.createMany({ data: termNames.map((name, i) => row(2_000 + i, name, 30_000 - i * 1_000)) });
      const page = (sort: "received" | "name", dir: "asc" | "desc", cursor?: LeadCursor) =>
        leadIdsPage(prisma, { search: term, assignee: owner, sort, dir, limit: 25, cursor });
      expect((await page("received", "desc")).plan).toBe("walk");
      // A page of 50 needs 51 matches: more than the window holds, so a walk could read past it.
      expect((await leadIdsPage(prisma, { search: term, assignee: owner, sort: "received", dir: "desc", limit: 50 })).plan).toBe("pieces");
      expect((await page("name", "desc")).plan).toBe("walk");
      expect((await page("name", "asc")).plan).toBe("pieces");
      // A page that starts after the last of the 2,000 names: its window is the term's 30 rows.
      const last = await prisma.lead.findFirstOrThrow({ where: { customerId: group, name: "〇1999" } });
      expect((await page("name", "asc", { value: last.name, createdAt: last.createdAt, id: last.id })).plan).toBe("walk");
      // Whichever plan, every match, in name order.
      const names = (await staff().dashboard.leads.list({ search: term, assignee: owner, sort: "name", dir: "asc", limit: 100 })).items.map((l) => l.name);
      expect(names).toEqual(termNames);
    } finally {
      await prisma.lead.deleteMany({ where: { customerId: group } });
      await prisma.user.delete({ where: { id: owner } });
    }
  });

  it("gives each row its company and a one-line excerpt of the message", async () => {
    const [anna] = (await staff().dashboard.leads.list({ search: `Anna ${mark}` })).items;
    expect(anna).toMatchObject({ excerpt: "Please call me about 200 copies" });
    const [li] = (await staff().dashboard.leads.list({ search: company })).items;
    expect(li?.company).toBe(company);
  });
});

describe("bulk changes", () => {
  it("assigns and changes status per lead, reporting done, unchanged and refused", async () => {
    const list = (await staff().dashboard.leads.list({ search: mark, limit: 100 })).items;
    const v = (key: string) => ({ id: ids[key]!, version: list.find((l) => l.id === ids[key])!.version });
    // Someone else edits Zed's lead after the list was loaded.
    await staff().dashboard.leads.update({ ...v("zed"), status: "contacted" });

    const assigned = await staff().dashboard.leads.bulkUpdate({
      leads: [v("wang"), v("anna"), v("zed"), { id: randomUUID(), version: 1 }],
      assigneeId: staffId,
    });
    expect(assigned.map((r) => [keys([r.id])[0] ?? "unknown", r.outcome, "reason" in r ? r.reason : null])).toEqual([
      ["wang", "updated", null],
      ["anna", "updated", null],
      ["zed", "refused", "stale"],
      ["unknown", "refused", "not_found"],
    ]);
    expect(await found(mark, { assignee: "me" })).toHaveLength(2);

    const fresh = (await staff().dashboard.leads.list({ search: mark, limit: 100 })).items;
    const now = (key: string) => ({ id: ids[key]!, version: fresh.find((l) => l.id === ids[key])!.version });
    // Zed is contacted: "new" moves it back, which needs a reason; Wang and Anna are new already.
    const back = await staff().dashboard.leads.bulkUpdate({ leads: [now("wang"), now("zed")], status: "new" });
    expect(back.map((r) => [r.outcome, "reason" in r ? r.reason : null])).toEqual([
      ["unchanged", null],
      ["refused", "reason_required"],
    ]);
    const withReason = await staff().dashboard.leads.bulkUpdate({ leads: [now("zed")], status: "new", reason: "Wrong number, starting over" });
    expect(withReason[0]?.outcome).toBe("updated");
    const detail = await staff().dashboard.leads.get({ id: ids.zed! });
    expect(detail.activities.map((a) => [a.kind, a.fromStatus, a.toStatus, a.reason, a.actor.name])).toEqual([
      ["status", "new", "contacted", null, "List Staff"],
      ["status", "contacted", "new", "Wrong number, starting over", "List Staff"],
    ]);
    const wang = await staff().dashboard.leads.get({ id: ids.wang! });
    expect(wang.activities.map((a) => [a.kind, a.fromAssignee, a.toAssignee])).toEqual([["assignee", null, "List Staff"]]);
  });
});
