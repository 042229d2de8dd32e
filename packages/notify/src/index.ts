export { enqueueLeadNotifications, enqueueAssignmentNotification } from "./enqueue.ts";
export { readNotifyConfig, configuredChannels, type NotifyConfig, type Channel } from "./config.ts";
export { readOutboxStatus, type OutboxStatus } from "./outbox-status.ts";
