// Leads with their outbox rows, written the way lead.submit writes them: in one transaction.
import { randomBytes, randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@once/db";
import type {} from "@once/db/testing/global-setup";
import { enqueueLeadNotifications } from "../enqueue.ts";
import { readNotifyConfig, type Channel } from "../config.ts";

export const databaseUrl = () => inject("databaseUrl");
export const testPrisma = (): PrismaClient => createPrismaClient(databaseUrl(), { poolSize: 4 });
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** What a lead's submitter typed; `fields` overrides the defaults (e.g. with hostile text). */
export interface LeadFields {
  name: string;
  phone: string;
  content: string;
  email?: string;
  company?: string;
}

export async function createLeads(
  prisma: PrismaClient,
  count: number,
  channels: Channel[],
  fields: Partial<LeadFields> = {},
  options: { requestId?: string } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await prisma.$transaction(async (tx) => {
      const lead = await tx.lead.create({
        data: {
          customerId: "notify-test",
          operationKey: randomUUID(),
          name: `Lead ${i}`,
          phone: `1390000${String(i).padStart(4, "0")}`,
          content: "Please call",
          ...fields,
        },
        select: { id: true },
      });
      await enqueueLeadNotifications(tx, lead.id, channels, options.requestId ?? null);
      return lead.id;
    });
    ids.push(id);
  }
  return ids;
}

export function configFor(overrides: Record<string, string>) {
  return readNotifyConfig({
    NOTIFY_RETRY_DELAY_SECONDS: "1",
    NOTIFY_MAINTENANCE_SECONDS: "1",
    NOTIFY_ATTEMPT_EXPIRE_SECONDS: "5",
    NOTIFY_WEBHOOK_TIMEOUT_MS: "500",
    ...overrides,
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export const silentLog = { info: () => {}, warn: () => {} };
