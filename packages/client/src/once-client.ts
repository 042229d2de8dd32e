// The typed client: one call per operation of the description (openapi-fetch over the types
// openapi-typescript generated from it). Each create gets a fresh operation key unless the
// caller gives one, and every retry of that call (after no answer, 409, 429 or 5xx) sends the
// same key and body again, so however often it is sent, at most one order or inquiry comes of
// it and the answer is the first one (docs/API.md, "Using the client").
import createFetchClient from "openapi-fetch";
import type { components, paths } from "./generated/schema.ts";
import { asProblem, isRetryableStatus, OnceNetworkError, OnceProblemError, type OnceError } from "./errors.ts";
import { DEFAULT_RETRY, delayBeforeRetry, parseRetryAfter, type RetryOptions } from "./retry-policy.ts";

type Schemas = components["schemas"];
export type Order = Schemas["Order"];
export type Lead = Schemas["Lead"];
export type Operation = Schemas["Operation"];
export type Session = Schemas["Session"];
export type Cancellation = Schemas["Cancellation"];
export type OrderInput = paths["/api/v1/orders"]["post"]["requestBody"]["content"]["application/json"];
export type LeadInput = paths["/api/v1/leads"]["post"]["requestBody"]["content"]["application/json"];
export type CancellationInput = paths["/api/v1/orders/{number}/cancellation"]["post"]["requestBody"]["content"]["application/json"];
export type OperationType = NonNullable<paths["/api/v1/operations/{key}"]["get"]["parameters"]["query"]>["type"];

export type Outcome<T> =
  | {
      ok: true;
      data: T;
      /** The operation key sent. */ key?: string;
      /** The server answered with the stored first outcome. */ replayed: boolean;
      attempts: number;
    }
  | { ok: false; error: OnceError; key?: string; attempts: number };

export interface OnceClientOptions {
  /** Scheme, host and port of the API, e.g. https://shop.example.com */
  baseUrl: string;
  /** A session token from createSession(); without one, call createSession() first. */
  token?: string;
  retry?: RetryOptions;
  /** How long one attempt may take before it counts as "no answer" (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Mints operation keys (default: a UUIDv4). */
  mintKey?: () => string;
}

export interface CallOptions {
  /** Cancels the call, retries included. */
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  /** The operation key: give the one you stored to resume an intent; minted when absent. */
  key?: string;
}

type Attempt = (signal: AbortSignal) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createOnceClient(options: OnceClientOptions) {
  const http = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const mintKey = options.mintKey ?? (() => crypto.randomUUID());
  let token = options.token;
  const auth = () => (token ? { authorization: `Bearer ${token}` } : {});

  async function call<T>(attempt: Attempt, key: string | undefined, signal: AbortSignal | undefined): Promise<Outcome<T>> {
    for (let attempts = 1; ; attempts++) {
      let answer: Awaited<ReturnType<Attempt>>;
      try {
        const timeout = AbortSignal.timeout(timeoutMs);
        answer = await attempt(signal ? AbortSignal.any([signal, timeout]) : timeout);
      } catch (cause) {
        // Cancelled by the caller: stop. Anything else is no answer: the same key may be resent.
        if (signal?.aborted) throw cause;
        if (attempts >= retry.maxAttempts) return { ok: false, error: new OnceNetworkError(cause, key, attempts), key, attempts };
        await sleep(delayBeforeRetry(attempts, null, retry), signal);
        continue;
      }
      const { response } = answer;
      if (response.ok) return { ok: true, data: answer.data as T, key, replayed: response.headers.get("idempotent-replayed") === "true", attempts };
      const error = new OnceProblemError(asProblem(answer.error), response.status, key, attempts);
      const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
      const final = !error.retryable || !isRetryableStatus(response.status) || attempts >= retry.maxAttempts || (retryAfter ?? 0) > retry.maxRetryAfterSeconds;
      if (final) return { ok: false, error, key, attempts };
      await sleep(delayBeforeRetry(attempts, retryAfter, retry), signal);
    }
  }

  return {
    /** The token calls are made with (store it: your operations belong to this session). */
    get token() {
      return token;
    },
    /** A new anonymous session; later calls use its token. */
    async createSession(callOptions: CallOptions = {}): Promise<Outcome<Session>> {
      const outcome = await call<Session>((signal) => http.POST("/api/v1/sessions", { signal }), undefined, callOptions.signal);
      if (outcome.ok) token = outcome.data.token;
      return outcome;
    },
    /** Orders copies of a guide, exactly once per key. */
    createOrder(body: OrderInput, create: CreateOptions = {}): Promise<Outcome<Order>> {
      const key = create.key ?? mintKey();
      return call<Order>(
        (signal) => http.POST("/api/v1/orders", { params: { header: { "Idempotency-Key": key } }, headers: auth(), body, signal }),
        key,
        create.signal,
      );
    },
    /** Sends an inquiry, exactly once per key. */
    createLead(body: LeadInput, create: CreateOptions = {}): Promise<Outcome<Lead>> {
      const key = create.key ?? mintKey();
      return call<Lead>(
        (signal) => http.POST("/api/v1/leads", { params: { header: { "Idempotency-Key": key } }, headers: auth(), body, signal }),
        key,
        create.signal,
      );
    },
    /** Cancels this session's order `number` ("SO-000042") before it is packed, exactly once per key. */
    cancelOrder(number: string, body: CancellationInput, create: CreateOptions = {}): Promise<Outcome<Cancellation>> {
      const key = create.key ?? mintKey();
      return call<Cancellation>(
        (signal) =>
          http.POST("/api/v1/orders/{number}/cancellation", {
            params: { header: { "Idempotency-Key": key }, path: { number } },
            headers: auth(),
            body,
            signal,
          }),
        key,
        create.signal,
      );
    },
    /** What happened to one of this session's operations; NOT_FOUND means it never committed. */
    getOperation(key: string, lookup: CallOptions & { type?: OperationType } = {}): Promise<Outcome<Operation>> {
      const query = lookup.type ? { type: lookup.type } : {};
      return call<Operation>(
        (signal) => http.GET("/api/v1/operations/{key}", { params: { path: { key }, query }, headers: auth(), signal }),
        key,
        lookup.signal,
      );
    },
  };
}

export type OnceClient = ReturnType<typeof createOnceClient>;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", cancel);
      resolve();
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener("abort", cancel, { once: true });
  });
}
