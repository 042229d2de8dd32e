// Follow-up tasks' reminders on real PostgreSQL: at its due time an open task's assignee is
// reminded once, however many rounds run at once (two nodes racing); a done task, a task not yet
// due and a disabled assignee get no mail; a task on a merged lead is reminded as its primary's;
// the e-mail names the lead, the task and links the lead's page.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { configFor, createLeads, databaseUrl, silentLog, testPrisma, waitFor } from "../testing/fixtures.ts";
import { header, parseMail } from "../testing/mail-message.ts";
import { startSmtpSink } from "../testing/smtp-sink.ts";
import { startNotificationWorker } from "../worker/start-worker.ts";
import { sweepResponseClock } from "./sweep.ts";
import { remindDueTasks } from "./task-reminders.ts";

let prisma: PrismaClient;
const owner = randomUUID();
const disabled = randomUUID();
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: owner, name: "Task Owner", email: `${owner}@example.com`, role: "sales" } });
  await prisma.user.create({ data: { id: disabled, name: "Gone", email: `${disabled}@example.com`, role: "sales", disabledAt: new Date() } });
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(() => prisma.$disconnect());

const minutes = (m: number) => new Date(Date.now() + m * 60_000);
const task = (leadId: string, title: string, dueAt: Date, extra: { assigneeId?: string; doneAt?: Date } = {}) =>
  prisma.leadTask.create({
    data: { leadId, title, dueAt, assigneeId: extra.assigneeId ?? owner, createdById: owner, doneAt: extra.doneAt },
    select: { id: true },
  });

describe("follow-up task reminders", () => {
  it("reminds each due open task's assignee once under two racing rounds, and nobody else", async () => {
    const [lead, primary, merged] = await createLeads(prisma, 3, []);
    await prisma.lead.update({ where: { id: merged! }, data: { mergedIntoId: primary! } });
    const first = await task(lead!, "Call back about the price", minutes(-2));
    const second = await task(lead!, "Send the catalogue", minutes(-1));
    const later = await task(lead!, "Visit on Tuesday", minutes(60));
    const done = await task(lead!, "Already called", minutes(-5), { doneAt: new Date() });
    const away = await task(lead!, "Left the company", minutes(-3), { assigneeId: disabled });
    const onMerged = await task(merged!, "Call the merged customer", minutes(-4));

    // Two nodes' rounds at once (the whole round, and the step alone), then another round.
    await Promise.all([sweepResponseClock(prisma, ["email"]), remindDueTasks(prisma, ["email"]), remindDueTasks(prisma, ["email"])]);
    await sweepResponseClock(prisma, ["email"]);

    const ids = [first.id, second.id, later.id, done.id, away.id, onMerged.id];
    const deliveries = await prisma.notificationDelivery.findMany({
      where: { taskId: { in: ids } },
      select: { taskId: true, leadId: true, kind: true, channel: true, recipientId: true },
    });
    expect(deliveries.map((d) => d.taskId).sort()).toEqual([first.id, second.id, onMerged.id].sort());
    expect(deliveries.every((d) => d.kind === "task_reminder" && d.channel === "email" && d.recipientId === owner)).toBe(true);
    // The merged lead's task is its primary's: the reminder names the primary.
    expect(deliveries.find((d) => d.taskId === onMerged.id)!.leadId).toBe(primary);
    expect(deliveries.find((d) => d.taskId === first.id)!.leadId).toBe(lead);

    const tasks = await prisma.leadTask.findMany({ where: { id: { in: ids } }, select: { id: true, remindedAt: true } });
    const reminded = (id: string) => tasks.find((t) => t.id === id)!.remindedAt !== null;
    expect([first, second, away, onMerged].every((t) => reminded(t.id))).toBe(true);
    expect(reminded(later.id) || reminded(done.id)).toBe(false);
  });

  it("sends the reminder to the assignee, naming the lead and the task, with a link to the lead", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const [lead] = await createLeads(prisma, 1, []);
    const { number } = await prisma.lead.findUniqueOrThrow({ where: { id: lead! }, select: { number: true } });
    const { id } = await task(lead!, "Call back Tuesday about 200 copies", minutes(-1));
    const running = await startNotificationWorker({
      connectionString: databaseUrl(),
      config: configFor({
        NOTIFY_SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: "sales@example.com",
        NOTIFY_EMAIL_FROM: "leads@example.com",
        PUBLIC_URL: "https://sales.example.com",
      }),
      log: silentLog,
      relayIntervalMs: 200,
      clockIntervalMs: 200,
    });
    let stopped: Promise<void> | undefined;
    const stop = () => (stopped ??= running.stop()); // by the test, to know nothing more is sent, or after it
    cleanups.push(stop);
    const delivered = async () => (await prisma.notificationDelivery.findMany({ where: { taskId: id } })).some((d) => d.status === "delivered");
    await waitFor(delivered, 60_000, "the task's reminder");
    await stop();
    expect(await prisma.notificationDelivery.count({ where: { taskId: id } })).toBe(1);
    const mine = smtp.messages.filter((m) => m.raw.includes("Call back Tuesday"));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.recipients).toEqual([`${owner}@example.com`]);
    const mail = parseMail(mine[0]!.raw);
    const leadNumber = `LD-${String(number).padStart(6, "0")}`;
    expect(header(mail, "Subject")).toEqual([`Task due on lead ${leadNumber}: Call back Tuesday about 200 copies`]);
    expect(mail.body).toContain(`Task Owner, a task of yours on lead ${leadNumber} is due`);
    expect(mail.body).toContain(`Open the lead: https://sales.example.com/dashboard/leads/${lead}`);
  });
});
