// One browser tab's client in the tests: the fake server, the tab's storage and locks, and
// the session tag the tab's cookie holds.
import { createOperationClient } from "../operation-client.ts";
import type { OperationLocks } from "../single-flight.ts";
import { createSupersededKeys } from "../superseded-keys.ts";
import type { fakeServer } from "./fake-server.ts";
import { testOperations, toTestResult } from "./test-registry.ts";

export function openTab(
  server: ReturnType<typeof fakeServer>,
  { locks, sessionTag = () => "tag-a" }: { locks?: OperationLocks; sessionTag?: () => string | null } = {},
) {
  return createOperationClient({
    registry: testOperations,
    transport: server.transport,
    toResult: toTestResult,
    currentSessionTag: sessionTag,
    superseded: createSupersededKeys(localStorage),
    locks,
  });
}
