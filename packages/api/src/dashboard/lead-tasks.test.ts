// Follow-up tasks on real PostgreSQL through the dashboard's procedures: added with the lead's
// owner as the default assignee, completed and reopened (each once on the timeline), deleted by
// their creator or an admin only; bad input refused with its code and nothing written; a merged
// lead's tasks listed on its primary; a task is not a first response; the list flags and filters
// leads with a task due.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { sweepResponseClock } from "@once/notify";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { exportHandler } from "../rest/exports.ts";
import { TEST_EXPORT_WORDS } from "../testing/export-words.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const sales = randomUUID();
const other = randomUUID();
const admin = randomUUID();
const disabled = randomUUID();
const marker = `task${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.createMany({
    data: [
      { id: sales, name: "Task Sales", email: `${sales}@example.com`, role: "sales" },
      { id: other, name: "Other Sales", email: `${other}@example.com`, role: "sales" },
      { id: admin, name: "Task Admin", email: `${admin}@example.com`, role: "admin" },
      { id: disabled, name: "Gone", email: `${disabled}@example.com`, role: "sales", disabledAt: new Date() },
    ],
  });
});
afterAll(() => prisma.$disconnect());

const as = (id: string, role: "sales" | "admin" = "sales") =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id, role, name: "T", email: "t@example.com" } })).dashboard;
const code = (p: Promise<unknown>) =>
  p.then(
    () => "done",
    (e: unknown) => (e instanceof ProtocolTRPCError ? e.protocol.code : e instanceof TRPCError ? e.code : e),
  );
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

async function newLead(owner: string | null = null): Promise<string> {
  const result = await runOnce(recordStore(prisma), submitLeadOperation, {
    principal: newCustomer().principal,
    key: mintOperationKey(),
    input: { name: "Tasks", phone: `135${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, content: `${marker} call me`, email: null, company: null },
  });
  const id = result.resultId!;
  await prisma.lead.update({ where: { id }, data: { assigneeId: owner } });
  return id;
}

describe("follow-up tasks", () => {
  it("adds a task for the lead's owner, completes, reopens and deletes it, each on the timeline once", async () => {
    const lead = await newLead(other);
    const task = await as(sales).tasks.add({ leadId: lead, title: "  Call back Tuesday  ", dueAt: inMinutes(60) });
    expect(task).toMatchObject({ title: "Call back Tuesday", assignee: { id: other }, createdBy: { id: sales }, doneAt: null });
    // Nobody owns it: the one adding it.
    const unowned = await newLead(null);
    expect((await as(sales).tasks.add({ leadId: unowned, title: "Find the owner", dueAt: inMinutes(5) })).assignee.id).toBe(sales);
    // Named explicitly; a due time a few seconds ago (a clock a little behind) is fine.
    expect((await as(sales).tasks.add({ leadId: lead, title: "Quote", dueAt: inMinutes(-0.5), assigneeId: admin })).assignee.id).toBe(admin);

    expect((await as(other).tasks.setDone({ id: task.id, done: true })).changed).toBe(true);
    expect((await as(other).tasks.setDone({ id: task.id, done: true })).changed).toBe(false);
    expect((await as(other).tasks.setDone({ id: task.id, done: false })).changed).toBe(true);
    expect(await code(as(other).tasks.delete({ id: task.id }))).toBe("TASK_NOT_YOURS");
    expect(await as(sales).tasks.delete({ id: task.id })).toEqual({ deleted: true });
    const quote = (await as(sales).tasks.list({ leadId: lead })).find((t) => t.title === "Quote")!;
    expect(await as(admin, "admin").tasks.delete({ id: quote.id })).toEqual({ deleted: true });
    expect(await as(sales).tasks.list({ leadId: lead })).toEqual([]);

    const detail = await as(sales).leads.get({ id: lead });
    const tasks = detail.activities.filter((a) => a.kind.startsWith("task_"));
    expect(tasks.map((a) => `${a.kind}:${a.taskTitle}:${a.actor.name}`)).toEqual([
      "task_added:Call back Tuesday:Task Sales",
      "task_added:Quote:Task Sales",
      "task_completed:Call back Tuesday:Other Sales",
      "task_reopened:Call back Tuesday:Other Sales",
      "task_deleted:Call back Tuesday:Task Sales",
      "task_deleted:Quote:Task Admin",
    ]);
    expect(tasks[0]).toMatchObject({ toAssignee: "Other Sales" });
    // Planning, not an answer to the customer: the first-response clock runs on.
    expect(detail.firstResponseAt).toBeNull();
  });

  it("corrects a task's title, due time and owner on the version it was made on; a stale edit is a conflict; each change on the timeline", async () => {
    const lead = await newLead(sales);
    // Due (a few seconds ago is allowed) and reminded by the clock's round.
    const task = await as(sales).tasks.add({ leadId: lead, title: "Call Tuesday", dueAt: inMinutes(-0.2) });
    expect(task.version).toBe(1);
    const reminders = () => prisma.notificationDelivery.count({ where: { taskId: task.id, kind: "task_reminder" } });
    await sweepResponseClock(prisma, ["email"]);
    expect(await reminders()).toBe(1);
    // A new due time re-arms the reminder: due again, it comes again (a new item of the outbox).
    const edited = await as(other).tasks.edit({ id: task.id, version: 1, title: "  Call Wednesday ", dueAt: inMinutes(-0.1) });
    expect(edited).toMatchObject({ title: "Call Wednesday", version: 2, changed: true, remindedAt: null, assignee: { id: sales } });
    await sweepResponseClock(prisma, ["email"]);
    expect(await reminders()).toBe(2);
    // Someone else's edit on the version they saw before: a conflict, nothing written.
    expect(await code(as(sales).tasks.edit({ id: task.id, version: 1, title: "Overwritten" }))).toBe("STALE_VERSION");
    // The owner alone; the same values again change nothing.
    expect(await as(sales).tasks.edit({ id: task.id, version: 2, assigneeId: other })).toMatchObject({ version: 3, assignee: { id: other }, changed: true });
    expect(await as(sales).tasks.edit({ id: task.id, version: 3, title: "Call Wednesday", assigneeId: other })).toMatchObject({ version: 3, changed: false });
    // Done and reopened: each a change of the task's version too.
    expect((await as(other).tasks.setDone({ id: task.id, done: true })).version).toBe(4);
    expect(await code(as(sales).tasks.edit({ id: task.id, version: 3, title: "Stale" }))).toBe("STALE_VERSION");
    expect((await as(other).tasks.setDone({ id: task.id, done: false })).version).toBe(5);

    const edits = (await as(sales).leads.get({ id: lead })).activities.filter((a) => a.kind === "task_edited");
    expect(edits).toEqual([
      expect.objectContaining({
        fromTaskTitle: "Call Tuesday",
        taskTitle: "Call Wednesday",
        fromAssignee: null,
        toAssignee: null,
        actor: { name: "Other Sales" },
      }),
      expect.objectContaining({ fromTaskTitle: null, fromTaskDueAt: null, fromAssignee: "Task Sales", toAssignee: "Other Sales", taskTitle: "Call Wednesday" }),
    ]);
    expect(edits[0]!.fromTaskDueAt!.getTime()).toBe(task.dueAt.getTime());
    expect(edits[0]!.taskDueAt!.getTime()).toBe(edited.dueAt.getTime());
  });

  it("refuses a bad edit with its field or code, and writes nothing", async () => {
    const lead = await newLead(sales);
    const task = await as(sales).tasks.add({ leadId: lead, title: "Send the catalogue", dueAt: inMinutes(30) });
    const refused = async (edit: Record<string, unknown>) => code(as(sales).tasks.edit({ id: task.id, version: 1, ...edit }));
    expect(await refused({ title: "   " })).toBe("BAD_REQUEST");
    expect(await refused({ title: "x".repeat(201) })).toBe("BAD_REQUEST");
    expect(await refused({ dueAt: "not a date" })).toBe("BAD_REQUEST");
    expect(await refused({})).toBe("BAD_REQUEST"); // nothing to change
    expect(await refused({ dueAt: inMinutes(-5) })).toBe("TASK_DUE_PAST");
    expect(await refused({ assigneeId: disabled })).toBe("TASK_ASSIGNEE_DISABLED");
    expect(await refused({ assigneeId: randomUUID() })).toBe("NOT_FOUND");
    expect(await code(as(sales).tasks.edit({ id: randomUUID(), version: 1, title: "Nowhere" }))).toBe("NOT_FOUND");
    const empty = await as(sales)
      .tasks.edit({ id: task.id, version: 1, title: "   " })
      .catch((e: TRPCError) => e.message);
    expect(empty).toContain("the task has no title");
    expect(await prisma.leadTask.findUniqueOrThrow({ where: { id: task.id }, select: { title: true, version: true } })).toEqual({
      title: "Send the catalogue",
      version: 1,
    });
    expect(await prisma.leadActivity.count({ where: { leadId: lead, kind: "task_edited" } })).toBe(0);
  });

  it("refuses a past due time, an unknown or disabled assignee, a merged lead, bad titles; nothing is written", async () => {
    const lead = await newLead(sales);
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "Late", dueAt: inMinutes(-2) }))).toBe("TASK_DUE_PAST");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "Who", dueAt: inMinutes(5), assigneeId: randomUUID() }))).toBe("NOT_FOUND");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "Gone", dueAt: inMinutes(5), assigneeId: disabled }))).toBe("TASK_ASSIGNEE_DISABLED");
    expect(await code(as(sales).tasks.add({ leadId: randomUUID(), title: "Nowhere", dueAt: inMinutes(5) }))).toBe("NOT_FOUND");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "   ", dueAt: inMinutes(5) }))).toBe("BAD_REQUEST");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "x".repeat(201), dueAt: inMinutes(5) }))).toBe("BAD_REQUEST");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "bad\u0000", dueAt: inMinutes(5) }))).toBe("BAD_REQUEST");
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "When", dueAt: "not a date" }))).toBe("BAD_REQUEST");
    expect(await code(as(sales).tasks.setDone({ id: randomUUID(), done: true }))).toBe("NOT_FOUND");
    expect(await code(as(sales).tasks.delete({ id: randomUUID() }))).toBe("NOT_FOUND");

    const primary = await newLead(sales);
    await as(sales).tasks.add({ leadId: lead, title: "Before the merge", dueAt: inMinutes(30) });
    await as(sales).leads.merge({ primaryId: primary, mergedId: lead });
    expect(await code(as(sales).tasks.add({ leadId: lead, title: "After the merge", dueAt: inMinutes(30) }))).toBe("TASK_LEAD_MERGED");
    expect(await prisma.leadTask.count({ where: { leadId: lead } })).toBe(1);
    // Shown on the primary, with the lead it was added to.
    const onPrimary = await as(sales).tasks.list({ leadId: primary });
    expect(onPrimary.map((t) => t.title)).toEqual(["Before the merge"]);
    expect(await prisma.leadActivity.count({ where: { leadId: lead, kind: "task_added" } })).toBe(1);
    // Completing it there puts the entry on the primary's timeline.
    await as(sales).tasks.setDone({ id: onPrimary[0]!.id, done: true });
    expect(await prisma.leadActivity.count({ where: { leadId: primary, kind: "task_completed" } })).toBe(1);
  });

  it("flags and filters leads with an open task due, and lists the caller's open tasks", async () => {
    const due = await newLead(sales);
    const notYet = await newLead(sales);
    const doneLead = await newLead(sales);
    const dueTask = await as(sales).tasks.add({ leadId: due, title: "Due now", dueAt: inMinutes(1) });
    await as(sales).tasks.add({ leadId: notYet, title: "Later", dueAt: inMinutes(120) });
    const finished = await as(sales).tasks.add({ leadId: doneLead, title: "Done", dueAt: inMinutes(1) });
    await prisma.leadTask.updateMany({ where: { id: { in: [dueTask.id, finished.id] } }, data: { dueAt: inMinutes(-10) } });
    await as(sales).tasks.setDone({ id: finished.id, done: true });

    const listed = (await as(sales).leads.list({ search: marker, limit: 100 })).items;
    const flag = (id: string) => listed.find((l) => l.id === id)?.taskDue;
    expect([flag(due), flag(notYet), flag(doneLead)]).toEqual([true, false, false]);
    const filtered = (await as(sales).leads.list({ search: marker, tasksDue: true, limit: 100 })).items.map((l) => l.id);
    expect(filtered).toContain(due);
    expect(filtered).not.toContain(notYet);
    expect(filtered).not.toContain(doneLead);

    // The export of the same view (its yes/no filters come as words in the query).
    const exported = async (query: string) => {
      const response = await exportHandler(
        new Request(`http://127.0.0.1/api/dashboard/leads.csv?search=${marker}&${query}`),
        { prisma, sessionSecret: "s".repeat(32), secureCookies: false },
        {
          what: "leads",
          format: "csv",
          staff: { id: sales, role: "sales", name: "Task Sales", email: "t@example.com", mustChangePassword: false },
          hasCustomerSession: false,
          timeZone: "Asia/Shanghai",
          words: TEST_EXPORT_WORDS,
        },
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const numbers = async (...ids: string[]) =>
      (await prisma.lead.findMany({ where: { id: { in: ids } }, select: { number: true } })).map((l) => `LD-${String(l.number).padStart(6, "0")}`);
    const [dueNumber] = await numbers(due);
    const csv = await exported("tasksDue=true");
    expect(csv).toContain(dueNumber);
    for (const n of await numbers(notYet, doneLead)) expect(csv).not.toContain(n);
    expect(await exported("overdue=false")).toContain(dueNumber);

    const mine = await as(sales).tasks.mine();
    const titles = mine.map((t) => t.title);
    expect(titles).toContain("Due now");
    expect(titles).not.toContain("Done");
    expect(mine.find((t) => t.title === "Due now")).toMatchObject({ leadId: due, leadNumber: expect.stringMatching(/^LD-\d{6}$/) });
  });
});
