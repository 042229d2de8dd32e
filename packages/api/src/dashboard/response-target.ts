// The team's first-response target (team_settings, one row), shown to every staff member and
// set by admins on the assignment page: minutes from arrival (1 to 1440), counted around the
// clock or only in business hours (work days, opening and closing time, the team's time zone).
// A change re-times the leads still waiting (the worker's next round gives them their new due
// time); a lead already reminded or escalated is not told again.
import { z } from "zod";
import type { PrismaClient } from "@once/db";
import { readResponseTarget } from "@once/notify";

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const responseTargetInput = z
  .object({
    minutes: z.number().int("whole minutes").min(1, "at least 1 minute").max(1440, "at most 1440 minutes (a day)"),
    businessHours: z.boolean(),
    timeZone: z.string().max(64).refine(isTimeZone, "not a time zone"),
    dayStart: z.number().int().min(0).max(1439),
    dayEnd: z.number().int().min(1).max(1440),
    workDays: z.array(z.number().int().min(1).max(7)).min(1, "choose at least one work day").max(7),
  })
  .refine((t) => t.dayStart < t.dayEnd, { message: "the day ends before it starts", path: ["dayEnd"] });

export const getResponseTarget = (prisma: PrismaClient) => readResponseTarget(prisma);

export async function setResponseTarget(prisma: PrismaClient, input: z.infer<typeof responseTargetInput>) {
  const data = {
    responseTargetMinutes: input.minutes,
    businessHours: input.businessHours,
    timeZone: input.timeZone,
    dayStart: input.dayStart,
    dayEnd: input.dayEnd,
    workDays: [...new Set(input.workDays)].sort(),
  };
  await prisma.$transaction([
    prisma.teamSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data }),
    prisma.lead.updateMany({
      where: { firstResponseAt: null, remindedAt: null, createdAt: { gt: new Date(Date.now() - 2 * 86_400_000) } },
      data: { responseDueAt: null, escalateAt: null },
    }),
  ]);
  return readResponseTarget(prisma);
}
