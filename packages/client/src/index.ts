// @once/client: the REST API's typed client. See docs/API.md, "Using the client".
export {
  createOnceClient,
  type OnceClient,
  type OnceClientOptions,
  type CallOptions,
  type CreateOptions,
  type Outcome,
  type Order,
  type OrderInput,
  type Lead,
  type LeadInput,
  type Operation,
  type OperationType,
  type Session,
} from "./once-client.ts";
export { OnceProblemError, OnceNetworkError, type OnceError, type Problem, type ProblemCode } from "./errors.ts";
export { type RetryOptions } from "./retry-policy.ts";
export type { paths, components } from "./generated/schema.ts";
