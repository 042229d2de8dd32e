// Hands server.mjs (plain Node, outside the bundle) the function it calls when an answer has
// been sent, through globalThis (the same key as server.mjs). Under `next dev` nothing calls
// it: request latency is measured by the production server only.
import "server-only";
import { methodLabel, routeTemplate, statusLabel } from "./route-template";
import { metrics } from "./registry";

interface RequestObserver {
  observeRequest(method: string, path: string, status: number, seconds: number): void;
}

export function installRequestObserver(): void {
  const holder = globalThis as unknown as { [key: symbol]: RequestObserver | undefined };
  const { requestDuration } = metrics();
  holder[Symbol.for("once.metrics.requests")] = {
    observeRequest(method, path, status, seconds) {
      requestDuration.observe({ method: methodLabel(method), route: routeTemplate(path), status: statusLabel(status) }, seconds);
    },
  };
}
