// The server half of one exactly-once operation. With its browser-safe half in ../registry.ts
// (type, input schema, fingerprint, tRPC procedure) it is the operation's one definition: the
// tRPC procedure (trpc-procedures.ts), the REST handler and route (../rest/operation-routes.ts),
// the OpenAPI path and examples (../rest/openapi/document.ts) and the metrics route template
// (apps/web/src/server/metrics/route-template.ts) are all derived from it.
import type { z } from "zod";
import type { Prisma } from "@once/db";
import type { InputOf } from "@once/idempotency";
import type { IdempotentOperation } from "@once/idempotency/server";
import type { RejectionCode } from "../business-rejection.ts";
import type { RateLimits } from "../limits/rate-limits.ts";
import { operations, type OperationType } from "../registry.ts";
import type { ExampleCase } from "../rest/openapi/example-case.ts";
import type { OperationSettings, SettingsKey } from "./settings.ts";

/** What one request contributes to an operation, whichever transport carried it. */
export interface OperationCall {
  /** X-Request-Id of the request (e.g. stored on the lead's outbox rows). */
  requestId?: string;
  /** The client's address as the production server established it (limits/client-address.ts). */
  clientAddress: string;
  /** The budgets every node shares. */
  limits?: RateLimits;
}

export type OperationInput<Type extends OperationType> = InputOf<(typeof operations.specs)[Type]>;

export interface ServerOperation<Type extends OperationType = OperationType, Key extends SettingsKey = SettingsKey, Body = unknown> {
  type: Type;
  /** Which entry of the one settings record (settings.ts) this operation reads. */
  settings: Key;
  /** The business function under these settings, for one request (type and fingerprint from the registry). */
  build: (settings: OperationSettings[Key], call: OperationCall) => IdempotentOperation<OperationInput<Type>, Body, Prisma.TransactionClient>;
  /** Its REST endpoint; apps/web mounts it under /api/v1 ("{name}" is a path parameter). */
  rest: { method: "POST"; path: `/${string}` };
  /** Its OpenAPI operation: summary, description, tag, documented cases and the schemas shown. */
  openapi: {
    operationId: string;
    tag: string;
    summary: string;
    description: string;
    cases: readonly ExampleCase[];
    /** The input; the fields its REST path names ("{number}") are path parameters, the rest the body. */
    input: z.core.$ZodObject;
    output: z.core.$ZodType;
    /** A description of each path parameter. */
    parameters?: Record<string, string>;
  };
  /** The business rejections it can store (each documented by one of its cases). */
  rejections: readonly RejectionCode[];
}

/** A definition of this type, whichever settings entry it reads. */
export type AnyServerOperation<Type extends OperationType = OperationType> = { [Key in SettingsKey]: ServerOperation<Type, Key> }[SettingsKey];

/** Identity of an operation as the protocol needs it: taken from the registry, never restated. */
export const operationIdentity = <Type extends OperationType>(type: Type): { type: Type; fingerprint: (typeof operations.specs)[Type]["fingerprint"] } => ({
  type,
  fingerprint: operations.specs[type].fingerprint,
});

/** The operation a definition builds for one request, from the one settings record. */
export function operationFor<Type extends OperationType, Key extends SettingsKey, Body>(
  definition: ServerOperation<Type, Key, Body>,
  settings: OperationSettings,
  call: OperationCall,
) {
  return definition.build(settings[definition.settings], call);
}
