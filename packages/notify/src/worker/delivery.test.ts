// Delivery through the outbox on real PostgreSQL: a receiver that fails, times out or
// redirects, a real SMTP server, dead letters, an admin's retry, and leads whose fields try to
// forge lines (CR/LF) in what sales receive.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { INQUIRY_SEPARATOR } from "../channels/email-message.ts";
import { configFor, createLeads, databaseUrl, newWebhookSecret, silentLog, testPrisma, waitFor, type LeadFields } from "../testing/fixtures.ts";
import { header, parseMail } from "../testing/mail-message.ts";
import { startSmtpSink } from "../testing/smtp-sink.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver.ts";
import { randomUUID } from "node:crypto";
import { enqueueAssignmentNotification } from "../enqueue.ts";
import { requeueDeadDelivery, startNotificationWorker, type RunningWorker } from "./start-worker.ts";

let prisma: PrismaClient;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  prisma = testPrisma();
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(() => prisma.$disconnect());

async function worker(
  config: ReturnType<typeof configFor>,
  intervals: { relayIntervalMs?: number; pollIntervalMs?: number } = { relayIntervalMs: 200 },
  connectionString = databaseUrl(),
): Promise<RunningWorker> {
  const running = await startNotificationWorker({ connectionString, config, log: silentLog, ...intervals });
  // Stopped by the test (to know that nothing more is sent) or after it, once.
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= running.stop());
  cleanups.push(stop);
  return { stop };
}

/** The database URL with an application name, which tells this worker's sessions from others'. */
function namedUrl(name: string): string {
  const url = new URL(databaseUrl());
  url.searchParams.set("application_name", name);
  return url.toString();
}

/**
 * Whether a session of `name` has run LISTEN on the outbox's channel. The worker's one listening
 * connection (@once/db/listen) listens on the outbox's channel and then on lead_created: its last
 * statement is one of the two once the outbox's is done.
 */
async function listening(name: string): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and application_name = $1 and query in ('listen outbox_pending', 'listen lead_created')`,
    name,
  );
  return rows[0]!.n > 0;
}

const statusOf = async (leadIds: string[]) =>
  prisma.notificationDelivery.findMany({
    where: { leadId: { in: leadIds } },
    select: { id: true, leadId: true, channel: true, status: true, attempts: true, lastError: true },
  });

/** A submitter's attempt to forge header lines through every single-line field. */
const HOSTILE: LeadFields = {
  name: "Eve\r\nBcc: evil@example.com\r\nX-Forged: 1",
  phone: "139\nX-Forged: 2",
  email: "eve@example.com\r\nBcc: evil2@example.com",
  company: "ACME\u2028X-Forged: 3\u0085X-Forged: 4",
  content: "First line\r\nBcc: only text of the inquiry\rlast\u000bline",
};
const FORGED_LINE = /^(bcc|cc|to|x-forged)\s*:/im;

describe("webhook delivery", () => {
  it("delivers every lead through failures and timeouts; each delivery id is processed once", async () => {
    const secret = newWebhookSecret();
    // Attempt 1 fails, attempt 2 answers too late (timeout), attempt 3 succeeds.
    const receiver: WebhookReceiver = await startWebhookReceiver(secret, (_id, attempt) => (attempt === 1 ? "fail" : attempt === 2 ? "slow" : "ok"));
    cleanups.push(() => receiver.close());
    const leads = await createLeads(prisma, 6, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret }));

    await waitFor(async () => (await statusOf(leads)).every((d) => d.status === "delivered"), 60_000, "all deliveries");
    const deliveries = await statusOf(leads);
    expect(new Set(deliveries.map((d) => d.id))).toEqual(receiver.processed);
    expect(receiver.badSignatures).toBe(0);
    for (const d of deliveries) {
      expect(receiver.received.get(d.id)).toBeGreaterThanOrEqual(3);
      expect(d.attempts).toBeGreaterThanOrEqual(3);
    }
    // The slow attempt was processed by the receiver but timed out for us: its retry came
    // with the same delivery id and was dropped as a duplicate.
    expect(receiver.duplicatesDropped).toBeGreaterThanOrEqual(leads.length);
  });

  it("delivers up to NOTIFY_CONCURRENCY leads at once", async () => {
    const secret = newWebhookSecret();
    // The receiver holds every delivery until the test answers it: four must arrive together,
    // and each answer lets the next one in.
    const held: (() => void)[] = [];
    let mostInFlight = 0;
    const receiver = await startWebhookReceiver(secret, () => {
      const answered = new Promise<void>((resolve) => held.push(resolve));
      mostInFlight = Math.max(mostInFlight, held.length);
      return { acceptWhen: answered };
    });
    cleanups.push(() => receiver.close());
    const leads = await createLeads(prisma, 8, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret, NOTIFY_WEBHOOK_TIMEOUT_MS: "30000", NOTIFY_CONCURRENCY: "4" }));
    for (let answered = 0; answered < 8; answered++) {
      await waitFor(() => Promise.resolve(held.length === Math.min(4, 8 - answered)), 30_000, `${Math.min(4, 8 - answered)} deliveries held`);
      held.shift()!();
    }
    await waitFor(async () => (await statusOf(leads)).every((d) => d.status === "delivered"), 30_000, "all deliveries");
    expect(mostInFlight).toBe(4);
    expect(receiver.processed.size).toBe(8);
  });

  it("relays a lead the moment it commits, not at the next poll", async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => "ok");
    cleanups.push(() => receiver.close());
    // Polls a minute apart: only the commit's notification can bring the lead out in time.
    const name = `relay-${randomUUID().slice(0, 8)}`;
    await worker(
      configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret }),
      { relayIntervalMs: 60_000, pollIntervalMs: 60_000 },
      namedUrl(name),
    );
    await waitFor(() => listening(name), 10_000, "the worker's LISTEN");
    const committed = Date.now();
    const [lead] = await createLeads(prisma, 1, ["webhook"]);
    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 10_000, "the delivery");
    expect(Date.now() - committed).toBeLessThan(2_000);
  });

  it("turns a delivery into a dead letter after the configured attempts, and an admin can requeue it", async () => {
    const secret = newWebhookSecret();
    let healthy = false;
    const receiver = await startWebhookReceiver(secret, () => (healthy ? "ok" : "fail"));
    cleanups.push(() => receiver.close());
    const [lead] = await createLeads(prisma, 1, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret, NOTIFY_MAX_ATTEMPTS: "2" }));

    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "dead", 60_000, "the dead letter");
    const [dead] = await statusOf([lead!]);
    expect(dead).toMatchObject({ status: "dead", attempts: 2 });
    expect(receiver.processed.size).toBe(0);

    healthy = true;
    expect(await requeueDeadDelivery(prisma, dead!.id)).toBe(true);
    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 60_000, "the requeued delivery");
    expect([...receiver.processed]).toEqual([dead!.id]);
    expect(await requeueDeadDelivery(prisma, dead!.id)).toBe(false);
  });

  it("counts a 307 redirect as a failed attempt, retries it, and never posts the lead to the redirect target", async () => {
    const secret = newWebhookSecret();
    // The target shares the secret and would accept: only not following the redirect keeps the lead from it.
    const target = await startWebhookReceiver(secret, () => "ok");
    cleanups.push(() => target.close());
    const redirecting = await startWebhookReceiver(secret, () => ({ redirect: 307, location: target.url }));
    cleanups.push(() => redirecting.close());
    const [lead] = await createLeads(prisma, 1, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: redirecting.url, NOTIFY_WEBHOOK_SECRET: secret, NOTIFY_MAX_ATTEMPTS: "2" }));

    await waitFor(async () => ["dead", "delivered"].includes((await statusOf([lead!]))[0]!.status), 60_000, "the delivery to end");
    const [delivery] = await statusOf([lead!]);
    expect(delivery).toMatchObject({ status: "dead", attempts: 2 });
    expect(delivery!.lastError).toContain("webhook answered 307");
    expect(redirecting.received.get(delivery!.id)).toBe(2);
    expect(target.received.size).toBe(0);
  });

  it("sends a lead's name, phone, e-mail and company as single lines and keeps the inquiry's line breaks", async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => "ok");
    cleanups.push(() => receiver.close());
    const [lead] = await createLeads(prisma, 1, ["webhook"], HOSTILE);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret }));

    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 60_000, "the delivery");
    const [delivery] = await statusOf([lead!]);
    expect(receiver.bodies.get(delivery!.id)).toMatchObject({
      lead: {
        name: "Eve Bcc: evil@example.com X-Forged: 1",
        phone: "139 X-Forged: 2",
        email: "eve@example.com Bcc: evil2@example.com",
        company: "ACME X-Forged: 3 X-Forged: 4",
        content: "First line\nBcc: only text of the inquiry\nlast line",
      },
    });
  });
});

describe("the request id of the lead", () => {
  it("is on every attempt's log line, sent as X-Request-Id, and each attempt is reported by result", async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret, (_id, attempt) => (attempt === 1 ? "fail" : "ok"));
    cleanups.push(() => receiver.close());
    const [lead] = await createLeads(prisma, 1, ["webhook"], {}, { requestId: "req:lead-42" });
    const lines: { message: string; fields: Record<string, unknown> }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => lines.push({ message, fields }),
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ message, fields }),
    };
    const attempts: string[] = [];
    const running = await startNotificationWorker({
      connectionString: databaseUrl(),
      config: configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret }),
      log,
      relayIntervalMs: 200,
      onAttempt: ({ channel, result }) => attempts.push(`${channel}:${result}`),
    });
    cleanups.push(() => running.stop());

    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 60_000, "the delivery");
    const [delivery] = await statusOf([lead!]);
    expect(receiver.requestIds.get(delivery!.id)).toBe("req:lead-42");
    const attemptLines = lines.filter((l) => l.message === "notify.attempt_failed" || l.message === "notify.delivery");
    expect(attemptLines.map((l) => l.message)).toEqual(["notify.attempt_failed", "notify.delivery"]);
    for (const line of attemptLines) expect(line.fields).toMatchObject({ deliveryId: delivery!.id, channel: "webhook", requestId: "req:lead-42" });
    expect(attempts).toEqual(["webhook:failed", "webhook:delivered"]);
  });
});

describe("e-mail delivery", () => {
  it("sends exactly one mail per lead to a real SMTP server", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const leads = await createLeads(prisma, 5, ["email"]);
    const running = await worker(configFor({ NOTIFY_SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: "sales@example.com", NOTIFY_EMAIL_FROM: "leads@example.com" }));

    await waitFor(async () => (await statusOf(leads)).every((d) => d.status === "delivered"), 60_000, "all mails");
    await running.stop(); // a stopped worker has finished every send it started: nothing more arrives
    const deliveries = await statusOf(leads);
    expect(smtp.messages).toHaveLength(leads.length);
    expect(new Set(smtp.messages.map((m) => m.deliveryId))).toEqual(new Set(deliveries.map((d) => d.id)));
    expect(smtp.messages[0]!.raw).toMatch(/Subject: New lead LD-\d{6}/);
  });

  it("sends an assignment to the assignee's own address, once", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const [lead] = await createLeads(prisma, 1, []);
    const assignee = randomUUID();
    await prisma.user.create({ data: { id: assignee, name: "Bo Li", email: `bo.${assignee}@example.com`, role: "sales" } });
    await prisma.$transaction((tx) => enqueueAssignmentNotification(tx, { leadId: lead!, assigneeId: assignee, leadVersion: 2 }, ["email"]));
    const running = await worker(
      configFor({
        NOTIFY_SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: "sales@example.com",
        NOTIFY_EMAIL_FROM: "leads@example.com",
        PUBLIC_URL: "https://leads.example.com",
      }),
    );
    await waitFor(async () => (await statusOf([lead!])).every((d) => d.status === "delivered"), 60_000, "the mail");
    await running.stop(); // a stopped worker has finished every send it started: nothing more arrives
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual([`bo.${assignee}@example.com`]);
    const mail = parseMail(message!.raw);
    expect(header(mail, "Subject")).toEqual([expect.stringMatching(/^Lead LD-\d{6} assigned to you: Lead 0$/)]);
    expect(mail.body).toMatch(/^Bo Li, this lead was assigned to you\.\n/);
    // The link that opens the lead and offers to take it (after sign-in, if needed).
    expect(mail.body).toContain(`\nOpen and take it: https://leads.example.com/dashboard/leads/${lead!}?take=1\n`);
  });

  it("keeps CR/LF in a lead's fields from forging headers, recipients or lines in the field list", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const [lead] = await createLeads(prisma, 1, ["email"], HOSTILE);
    await worker(configFor({ NOTIFY_SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: "sales@example.com", NOTIFY_EMAIL_FROM: "leads@example.com" }));

    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 60_000, "the mail");
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual(["sales@example.com"]);
    const mail = parseMail(message!.raw);
    expect(header(mail, "Bcc")).toEqual([]);
    expect(header(mail, "X-Forged")).toEqual([]);
    expect(header(mail, "Subject")).toEqual([expect.stringMatching(/^New lead LD-\d{6}: Eve Bcc: evil@example\.com X-Forged: 1$/)]);

    // The header-like field list holds known fields only, one line each; the inquiry keeps
    // its lines, below the separator.
    const [fields, inquiry] = mail.body.split(`\n${INQUIRY_SEPARATOR}\n`);
    expect(fields).not.toMatch(FORGED_LINE);
    expect(inquiry).toBeDefined();
    expect(fields!.split("\n").filter((line) => line !== "")).toEqual([
      expect.stringMatching(/^Lead LD-\d{6} \(.+\)$/),
      "Name: Eve Bcc: evil@example.com X-Forged: 1",
      "Phone: 139 X-Forged: 2",
      "E-mail: eve@example.com Bcc: evil2@example.com",
      "Company: ACME X-Forged: 3 X-Forged: 4",
    ]);
    expect(inquiry!.trimEnd().split("\n")).toEqual(["First line", "Bcc: only text of the inquiry", "last line"]);
  });
});
