export { appRouter, createCaller, type AppRouter } from "./root.ts";
export { createContextInner, type Context } from "./trpc.ts";
export type { GuideSummary } from "./catalog/list-guides.ts";
export { recordOperationEvent, flushOperationStats } from "./records/operation-stats.ts";
export { listenForLeadEvents } from "./dashboard/lead-events.ts";
export { responseTimes } from "./dashboard/reconciliation.ts";
export { seedSampleLeads } from "./lead/sample-leads.ts";
export { DEFAULT_ORDER_RULES, type OrderRules } from "./order/order-rules.ts";
export type { LeadSettings } from "./lead/submit-lead.ts";
export { DEFAULT_OPERATION_SETTINGS, parseOperationSettings, type OperationSettings } from "./definitions/settings.ts";
export { compactOperationRecords, expireOperationRecords, sweepOperationRecords } from "./records/record-store.ts";
export { operations, OPERATION_TYPES, type OperationType } from "./registry.ts";
export {
  findOwn,
  lookUpByPhone,
  parseTrackingNumber,
  type Tracked,
  type TrackedInquiry,
  type TrackedOrder,
  type OrderStepView,
  type TrackAnswer,
  type TrackRefusal,
} from "./customer/track.ts";
export { CARRIERS, CARRIER_CODES, carrierName, trackingLink, type CarrierCode } from "./order/carriers.ts";
export { grantTracking, holdsGrant, TRACK_GRANT_COOKIE, TRACK_GRANT_SECONDS } from "./customer/track-grant.ts";
