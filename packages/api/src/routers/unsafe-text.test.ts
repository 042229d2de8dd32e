// A NUL byte or a lone surrogate used to reach PostgreSQL and come back as a 500 marked
// retryable. Through both transports it is now a 400 naming the field, and nothing is stored.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { $ZodError } from "zod/v4/core";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { operationEndpoint } from "../rest/index.ts";
import { createCustomerSession } from "../session/customer-session.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

/** The tRPC error code and the field errors the error formatter derives from the zod issues. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, cause } = error as TRPCError;
  return { code, fields: cause instanceof $ZodError ? z.flattenError(cause).fieldErrors : undefined };
}

const lead = { name: "Wang", phone: "13800000000", content: "Please call", email: null, company: null };
const storedFor = async (customerId: string) => ({
  leads: await prisma.lead.count({ where: { customerId } }),
  orders: await prisma.order.count({ where: { customerId } }),
  records: await prisma.idempotencyRecord.count({ where: { principal: `customer:${customerId}` } }),
});

describe("unsafe text through tRPC", () => {
  it("lead.submit with a NUL in the name is BAD_REQUEST naming the field, and stores nothing", async () => {
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    expect(await refusal(api.lead.submit({ ...lead, name: "Wa\u0000ng", idempotencyKey: mintOperationKey() }))).toEqual({
      code: "BAD_REQUEST",
      fields: { name: ["name contains a control character"] },
    });
    expect(await storedFor(customerId)).toEqual({ leads: 0, orders: 0, records: 0 });
  });

  it("lead.submit with a lone surrogate in the content is BAD_REQUEST naming the field, and stores nothing", async () => {
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    expect(await refusal(api.lead.submit({ ...lead, content: "hi \uD800", idempotencyKey: mintOperationKey() }))).toEqual({
      code: "BAD_REQUEST",
      fields: { content: ["content contains an invalid character (unpaired surrogate)"] },
    });
    expect(await storedFor(customerId)).toEqual({ leads: 0, orders: 0, records: 0 });
  });

  it("order.create with a NUL in the address is BAD_REQUEST naming the field, and stores nothing", async () => {
    const item = await createGuide(prisma, { stock: 10 });
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const contact = { name: "Wang", phone: "13800000000", address: "1 Main St\u0000" };
    expect(await refusal(api.order.create({ item, quantity: 1, contact, idempotencyKey: mintOperationKey() }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await storedFor(customerId)).toEqual({ leads: 0, orders: 0, records: 0 });
    expect((await prisma.guide.findUniqueOrThrow({ where: { slug: item } })).stock).toBe(10);
  });

  it("a lead with line breaks and tabs in its content is stored as sent", async () => {
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const result = await api.lead.submit({ ...lead, content: "line one\r\nline two\n\tthree", idempotencyKey: mintOperationKey() });
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: result.resultId! } })).content).toBe("line one\r\nline two\n\tthree");
  });
});

describe("unsafe text through REST", () => {
  const deps = () => ({ prisma, sessionSecret: "unsafe-text-test-secret-0123456789abcdef", secureCookies: false });
  async function post(path: string, body: unknown) {
    const session = await createCustomerSession(deps().sessionSecret);
    const request = new Request(`http://localhost/api/v1/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json", "idempotency-key": mintOperationKey() },
      body: JSON.stringify(body),
    });
    const response = await operationEndpoint(request, [path], deps);
    return {
      status: response.status,
      body: (await response.json()) as { code: string; retryable?: boolean; fields?: Record<string, string[]> },
      customerId: session.customerId,
    };
  }

  it("POST /leads with a NUL in the name is 400 VALIDATION_FAILED naming the field, and stores nothing", async () => {
    const { status, body, customerId } = await post("leads", { ...lead, name: "Wa\u0000ng" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", fields: { name: ["name contains a control character"] } });
    expect(await storedFor(customerId)).toEqual({ leads: 0, orders: 0, records: 0 });
  });

  it("POST /orders with a lone surrogate in the contact name is 400 VALIDATION_FAILED naming the field", async () => {
    const item = await createGuide(prisma);
    const contact = { name: "\uDC00Wang", phone: "13800000000", address: "1 Main St" };
    const { status, body, customerId } = await post("orders", { item, quantity: 1, contact });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(body.fields)).toContain("name contains an invalid character (unpaired surrogate)");
    expect(await storedFor(customerId)).toEqual({ leads: 0, orders: 0, records: 0 });
  });
});

describe("unsafe text in the staff dashboard's inputs", () => {
  const staffId = randomUUID();
  const staff = () =>
    createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "Test", email: "t@example.com" } }));
  let leadId: string;
  beforeAll(async () => {
    await prisma.user.create({ data: { id: staffId, name: "Staff Text", email: `${staffId}@example.com`, role: "sales" } });
    const { principal } = newCustomer();
    leadId = (await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: mintOperationKey(), input: lead })).resultId!;
  });

  it("refuses a note with a NUL or a lone surrogate, naming the field, and stores no note", async () => {
    expect(await refusal(staff().dashboard.leads.addNote({ id: leadId, body: "called\u0000" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { body: ["body contains a control character"] },
    });
    expect(await refusal(staff().dashboard.leads.addNote({ id: leadId, body: "\uD83D called" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { body: ["body contains an invalid character (unpaired surrogate)"] },
    });
    expect(await prisma.leadNote.count({ where: { leadId } })).toBe(0);
  });

  it("keeps line breaks and tabs in a note", async () => {
    const note = await staff().dashboard.leads.addNote({ id: leadId, body: "called\r\nno answer\n\ttry again 😀" });
    expect(note.body).toBe("called\r\nno answer\n\ttry again 😀");
  });

  it("refuses a search, an assignee filter or an assignee id with control characters or lone surrogates", async () => {
    expect(await refusal(staff().dashboard.leads.list({ search: "Wa\u0000ng" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { search: ["search contains a control character"] },
    });
    expect(await refusal(staff().dashboard.leads.list({ search: "Wang\nx" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { search: ["search must be a single line"] },
    });
    expect(await refusal(staff().dashboard.leads.list({ search: "Wa\uDFFFng" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { search: ["search contains an invalid character (unpaired surrogate)"] },
    });
    expect(await refusal(staff().dashboard.leads.list({ assignee: "x\u0000" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { assignee: ["assignee contains a control character"] },
    });
    expect(await refusal(staff().dashboard.leads.update({ id: leadId, version: 1, assigneeId: "x\u0000" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { assigneeId: ["assigneeId contains a control character"] },
    });
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: leadId } })).version).toBe(1);
  });
});
