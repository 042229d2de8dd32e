// Every operation's server half, one per type of the registry (../registry.ts): the compiler
// refuses a type without its definition, and definitions.test.ts an entry without any of its parts.
import type { OperationType } from "../registry.ts";
import type { AnyServerOperation, ServerOperation } from "./define.ts";
import { cancellationDefinition } from "./cancellation.ts";
import { leadDefinition } from "./lead.ts";
import { orderDefinition } from "./order.ts";

export const DEFINITIONS = {
  order: orderDefinition,
  lead: leadDefinition,
  cancellation: cancellationDefinition,
} satisfies { [Type in OperationType]: AnyServerOperation<Type> };

export type Definitions = typeof DEFINITIONS;
export const definitionList = (): ServerOperation[] => Object.values(DEFINITIONS) as unknown as ServerOperation[];

/** "/orders/{number}/cancellation" → "/orders/[number]/cancellation": the REST path as Next and the metrics name it. */
export const routeTemplateOf = (path: string): string => path.replace(/\{(\w+)\}/g, "[$1]");

export { operationFor, operationIdentity, type OperationCall, type ServerOperation } from "./define.ts";
export { DEFAULT_OPERATION_SETTINGS, operationSettingsSchema, parseOperationSettings, type OperationSettings } from "./settings.ts";
