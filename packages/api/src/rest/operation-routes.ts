// The REST endpoints of the operations, derived from their definitions: one idempotent POST
// handler per definition, found by its path under /api/v1. apps/web mounts them all in its
// /api/v1 catch-all route (app/api/v1/[[...path]]/route.ts), so a new operation needs no route file.
import { clientAddressOf } from "../limits/client-address.ts";
import { requestIdOf } from "../request/request-id.ts";
import { operations, type OperationType } from "../registry.ts";
import { definitionList, operationFor, routeTemplateOf, type ServerOperation } from "../definitions/index.ts";
import { DEFAULT_OPERATION_SETTINGS } from "../definitions/settings.ts";
import { postOnly, unknownEndpoint } from "./http-errors.ts";
import { idempotentPostHandler } from "./idempotent-post.ts";
import type { RestDeps } from "./rest-context.ts";

type Handler = (request: Request, deps: RestDeps, params: Record<string, string>) => Promise<Response>;

/** "/orders/{number}/cancellation" → a matcher of "/orders/N-1/cancellation" giving { number: "N-1" }. */
function matcherOf(path: string): (segments: readonly string[]) => Record<string, string> | null {
  const parts = path.split("/").slice(1);
  return (segments) => {
    if (segments.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) params[name] = segments[i]!;
      else if (part !== segments[i]) return null;
    }
    return params;
  };
}

const handlerOf = (definition: ServerOperation): Handler =>
  // Built per request: the settings and the request's id and address, as tRPC takes them from its context.
  idempotentPostHandler(operations.specs[definition.type].input, (deps, request) =>
    operationFor(definition, deps.operationSettings ?? DEFAULT_OPERATION_SETTINGS, {
      requestId: requestIdOf(request.headers),
      clientAddress: clientAddressOf(request.headers),
      limits: deps.limits,
    }),
  );

const ROUTES = definitionList().map((definition) => ({ definition, match: matcherOf(definition.rest.path), handle: handlerOf(definition) }));
const otherMethods: Record<string, (request: Request) => Response> = postOnly();

/**
 * Answers a request under /api/v1 whose path (segments after /api/v1) names an operation:
 * its POST runs the operation, other methods are a 405 with Allow. Any other path is a 404.
 */
export function operationEndpoint(request: Request, segments: readonly string[], deps: () => RestDeps): Promise<Response> | Response {
  for (const route of ROUTES) {
    const params = route.match(segments);
    if (!params) continue;
    if (request.method === route.definition.rest.method) return route.handle(request, deps(), params);
    return (otherMethods[request.method] ?? unknownEndpoint)(request);
  }
  return unknownEndpoint(request);
}

/** Each operation's endpoint as Next and the metrics name its route ("/api/v1/orders/[number]/cancellation"). */
export const OPERATION_ROUTE_TEMPLATES: readonly string[] = definitionList().map((definition) => `/api/v1${routeTemplateOf(definition.rest.path)}`);

/** The operation type whose endpoint this is ("/api/v1/orders" → "order"), or null (e2e/system/described-cases.ts). */
export const operationTypeAt = (path: string): OperationType | null =>
  definitionList().find((definition) => `/api/v1${definition.rest.path}` === path)?.type ?? null;
