// tRPC adapter of the protocol (thin: keys in, TRPCError out).
export {
  idempotentResolver,
  withOperationKey,
  toTRPCError,
  trpcCodeForStatus,
  ProtocolTRPCError,
  type IdempotentMutationResult,
  type IdempotentMutationSetup,
  type ProtocolErrorData,
} from "./idempotent-mutation.ts";
