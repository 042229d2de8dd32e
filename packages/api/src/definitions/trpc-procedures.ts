// The tRPC procedures of the operations, derived from their definitions: each one is an
// exactly-once customer mutation at the path its registry entry names (`procedure`), running
// the business function its definition builds from the context's one settings record.
import type { Prisma } from "@once/db";
import type { IdempotentOperation } from "@once/idempotency/server";
import { OPERATION_TYPES, operations, type OperationType } from "../registry.ts";
import { idempotentCustomerMutation, type Context } from "../trpc.ts";
import { operationFor, type OperationCall, type ServerOperation } from "./define.ts";
import { DEFINITIONS } from "./index.ts";
import { DEFAULT_OPERATION_SETTINGS } from "./settings.ts";

type Specs = typeof operations.specs;
type BodyOf<Type extends OperationType> =
  ReturnType<(typeof DEFINITIONS)[Type]["build"]> extends IdempotentOperation<never, infer Body, Prisma.TransactionClient> ? Body : never;
type ProcedureOf<Type extends OperationType> = ReturnType<typeof idempotentCustomerMutation<Specs[Type]["input"], BodyOf<Type>>>;
type RouterName = Specs[OperationType]["procedure"][0];

/** { order: { create }, lead: { submit } }, typed per operation for the app's router. */
export type OperationProcedures = {
  [Router in RouterName]: { [Type in OperationType as Specs[Type]["procedure"][0] extends Router ? Specs[Type]["procedure"][1] : never]: ProcedureOf<Type> };
};

/** What a tRPC request contributes to an operation (the same fields REST takes from its headers). */
const callOf = (ctx: Context): OperationCall => ({ requestId: ctx.requestId, clientAddress: ctx.clientAddress ?? "unknown", limits: ctx.limits });

export function operationProcedures(): OperationProcedures {
  const tree: Record<string, Record<string, unknown>> = {};
  for (const type of OPERATION_TYPES) {
    const [router, name] = operations.specs[type].procedure;
    const definition = DEFINITIONS[type] as ServerOperation;
    // Built per request: the settings and the request's id and address come from its context.
    tree[router] = {
      ...tree[router],
      [name]: idempotentCustomerMutation(operations.specs[type].input, (ctx) =>
        operationFor(definition, ctx.operationSettings ?? DEFAULT_OPERATION_SETTINGS, callOf(ctx)),
      ),
    };
  }
  return tree as OperationProcedures;
}
