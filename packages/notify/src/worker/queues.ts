// pg-boss queue names and their retry policy (exponential backoff, then a dead letter).
import type PgBoss from "pg-boss";
import type { NotifyConfig, Channel } from "../config.ts";

export const queueFor = (channel: Channel) => `notify-${channel}`;
export const DEAD_LETTER_QUEUE = "notify-dead";

export async function createQueues(boss: PgBoss, config: NotifyConfig): Promise<void> {
  await boss.createQueue(DEAD_LETTER_QUEUE);
  for (const channel of ["webhook", "email"] as const) {
    const name = queueFor(channel);
    const policy = {
      name,
      retryLimit: config.NOTIFY_MAX_ATTEMPTS - 1,
      retryDelay: config.NOTIFY_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: config.NOTIFY_ATTEMPT_EXPIRE_SECONDS,
      deadLetter: DEAD_LETTER_QUEUE,
    };
    // createQueue leaves an existing queue as it was: apply the current configuration.
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
}
