// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { FinalRefusal, OutcomeUnknown } from "./outcome-errors.ts";
import { MAX_PENDING_AGE_MS } from "./pending-operation.ts";
import { fakeServer } from "./testing/fake-server.ts";
import { openTab } from "./testing/open-tab.ts";
import { testOperations } from "./testing/test-registry.ts";

const params = { item: "sample-guide", quantity: 1, contact: { name: "Wang", phone: "13800000000" } };

beforeEach(() => localStorage.clear());

describe("one attempt", () => {
  it("sends the parameters under the key and returns the result", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000001", params);
    expect(operation).toMatchObject({ type: "order", key: "key-00000001", params, sessionTag: "tag-a" });
    await expect(tab.attempt(operation)).resolves.toEqual({ id: "result-1", number: "SO-000001", replayed: false });
    expect(server.executed).toEqual([{ principal: "customer:a", key: "key-00000001", params }]);
  });

  it("turns a lost answer into OutcomeUnknown, then looks the key up before any resend and gets the result", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000002", params);
    server.next.push("answer lost");
    await expect(tab.attempt(operation)).rejects.toBeInstanceOf(OutcomeUnknown);
    await expect(tab.attempt(operation)).resolves.toEqual({ id: "result-1", number: "SO-000001", replayed: true });
    expect(server.sent).toEqual(["key-00000002"]); // the second attempt was only a look-up
    expect(server.lookedUp).toEqual([{ key: "key-00000002", fingerprint: testOperations.fingerprint("order", params) }]);
    expect(server.executed).toHaveLength(1);
  });

  it("resends the same key and parameters when the look-up says the server never saw it", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000003", params);
    server.next.push({ status: 503 });
    await expect(tab.attempt(operation)).rejects.toBeInstanceOf(OutcomeUnknown);
    await expect(tab.attempt(operation)).resolves.toMatchObject({ replayed: false });
    expect(server.sent).toEqual(["key-00000003", "key-00000003"]);
    expect(server.executed).toEqual([{ principal: "customer:a", key: "key-00000003", params }]);
  });

  it("never sends a key superseded while its look-up was under way (the form edited mid-retry)", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000009", params);
    server.next.push({ status: 503 });
    await expect(tab.attempt(operation)).rejects.toBeInstanceOf(OutcomeUnknown);
    const transport = server.transport;
    const lookUp = transport.lookUp.bind(transport);
    transport.lookUp = (query) => {
      tab.supersede(operation.key); // the customer presses "Change the details" meanwhile
      return lookUp(query);
    };
    await expect(tab.attempt(operation)).rejects.toMatchObject({ name: "FinalRefusal", code: "SUPERSEDED" });
    expect(server.sent).toEqual(["key-00000009"]); // the first attempt only: never resent
    expect(server.executed).toEqual([]);
  });

  it("fingerprints the input as the schema parses it, as the server does", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const untrimmed = { ...params, item: "  sample-guide " };
    const operation = tab.create("order", "order:sample-guide", "key-00000004", untrimmed);
    server.next.push("answer lost");
    await expect(tab.attempt(operation)).rejects.toBeInstanceOf(OutcomeUnknown);
    await expect(tab.attempt(operation)).resolves.toMatchObject({ replayed: true });
    expect(server.lookedUp[0]!.fingerprint).toBe(testOperations.fingerprint("order", params));
  });

  it("reports a key bound to other parameters as a conflict, with what it is bound to", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000005", params);
    server.store(
      { ...operation, params: { item: "sample-guide", quantity: 2 } },
      { outcome: "completed", status: 201, resultId: "other", result: {}, fingerprintMatches: null },
    );
    const conflict = await tab.lookUp(operation).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(FinalRefusal);
    expect(conflict).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422, boundTo: { status: 201, resultId: "other", outcome: "completed" } });
    // Sent instead of looked up, the server says the same.
    await expect(tab.attempt(operation)).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", boundTo: { resultId: "other" } });
  });

  it("reads a rejected or expired record as a final refusal", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const rejected = tab.create("order", "order:x", "key-00000006", params);
    const expired = tab.create("order", "order:x", "key-00000007", params);
    server.store(rejected, { outcome: "rejected", status: 422, resultId: null, result: { code: "OUT_OF_STOCK" }, fingerprintMatches: null });
    server.store(expired, { outcome: "expired", status: 201, resultId: "r", result: null, fingerprintMatches: null });
    await expect(tab.lookUp(rejected)).rejects.toMatchObject({ name: "FinalRefusal", code: "OUT_OF_STOCK", status: 422 });
    await expect(tab.lookUp(expired)).rejects.toMatchObject({ name: "FinalRefusal", code: "IDEMPOTENCY_KEY_EXPIRED", status: 410 });
  });

  it("a look-up that gets no answer leaves the outcome unknown", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("lead", "lead", "key-00000008", { name: "Li", message: "hello" });
    server.transport.lookUp = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(tab.lookUp(operation)).rejects.toBeInstanceOf(OutcomeUnknown);
  });

  it("refuses, without a request, a type the registry no longer has", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = { ...tab.create("order", "x", "key-00000009", params), type: "retired" as "order" };
    await expect(tab.attempt(operation)).rejects.toMatchObject({ code: "UNKNOWN_OPERATION_TYPE" });
    expect(server.sent).toEqual([]);
  });
});

describe("attention", () => {
  it("a pending operation older than 7 days needs attention; a younger one is continued", () => {
    const tab = openTab(fakeServer());
    const operation = tab.create("order", "x", "key-00000010", params);
    expect(tab.attentionReason(operation)).toBeNull();
    expect(tab.attentionReason(operation, operation.submittedAt + MAX_PENDING_AGE_MS)).toBeNull();
    expect(tab.attentionReason(operation, operation.submittedAt + MAX_PENDING_AGE_MS + 1)).toBe("stale");
  });
});
