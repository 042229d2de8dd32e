export { startNotificationWorker, requeueDeadDelivery, type RunningWorker, type WorkerLog, type DeliveryAttempt } from "./start-worker.ts";
