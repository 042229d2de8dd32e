export { enqueueLeadNotifications, enqueueAssignmentNotification } from "./enqueue.ts";
export { readNotifyConfig, configuredChannels, type NotifyConfig, type Channel } from "./config.ts";
export { readOutboxStatus, type OutboxStatus } from "./outbox-status.ts";
export { CHAT_PLATFORMS, urlProblem, secretProblem, type ChatPlatform } from "./chat/platforms.ts";
export { seal, urlHint } from "./chat/seal.ts";
export { chatAdminSettings, type ChatAdminSettings } from "./chat/start-chat-pump.ts";
export { sendTestMessage, resendUnknown, FAILED_PAUSE_MS } from "./chat/chat-pump.ts";
export { readResponseTarget, sweepResponseClock } from "./response-clock/sweep.ts";
export { DEFAULT_TARGET, type ResponseTarget } from "./response-clock/due.ts";
