// An admin's "retry" of a dead letter. @once/notify answers only "requeued or not"; an id that
// names no delivery at all is told apart here, so it answers 404 instead of {requeued: false}.
import type { PrismaClient } from "@once/db";
import { requeueDeadDelivery } from "@once/notify/worker";
import { UnknownId } from "./unknown-id.ts";

export async function requeueDelivery(prisma: PrismaClient, id: string): Promise<{ requeued: boolean }> {
  if (await requeueDeadDelivery(prisma, id)) return { requeued: true };
  if ((await prisma.notificationDelivery.count({ where: { id } })) === 0) throw new UnknownId("delivery");
  return { requeued: false };
}
