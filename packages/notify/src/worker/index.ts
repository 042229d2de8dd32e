export { startNotificationWorker, requeueDeadDelivery, type RunningWorker, type WorkerLog } from "./start-worker.ts";
