// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { createOperationStore } from "./operation-store.ts";
import type { PendingOperation } from "./pending-operation.ts";
import { STORE_FORMAT_VERSION } from "./stored-format.ts";
import { fakeServer } from "./testing/fake-server.ts";
import { openTab } from "./testing/open-tab.ts";
import { entry, operation, orderParams, snapshot } from "./testing/stored-entries.ts";
import { testOperations, type TestType } from "./testing/test-registry.ts";

const KEY = "test-operations-v1";
const openStore = (storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> = localStorage) =>
  createOperationStore({
    storage,
    key: KEY,
    registry: testOperations,
    keep: { params: { order: ["item", "quantity"] }, result: ["id", "number", "replayed"] },
  });

beforeEach(() => localStorage.clear());

describe("operation store", () => {
  it("a reload in the middle of a pending operation: a new store over the same storage resumes it, same key, same parameters", async () => {
    const server = fakeServer();
    const beforeReload = openTab(server);
    const pending = beforeReload.create("order", "order:sample-guide", "key-00000501", orderParams);
    server.next.push({ status: 502 });
    await expect(beforeReload.attempt(pending)).rejects.toMatchObject({ name: "OutcomeUnknown" });
    openStore().save(snapshot(entry("pending", pending)));

    // The page reloads: new store, new client, same storage.
    const restored = openStore()
      .load()!
      .clientState.mutations!.map((m) => m.state);
    expect(restored).toEqual([expect.objectContaining({ status: "pending", variables: pending })]);
    const afterReload = openTab(server);
    const resumed = restored[0]!.variables as PendingOperation<TestType>;
    expect(afterReload.attentionReason(resumed)).toBeNull();
    await expect(afterReload.attempt(resumed)).resolves.toMatchObject({ id: "result-1", replayed: false });
    expect(server.sent).toEqual(["key-00000501", "key-00000501"]);
    expect(server.executed).toEqual([{ principal: "customer:a", key: "key-00000501", params: orderParams }]);
  });

  it("after a reload, a pending operation older than 7 days is kept but needs attention", () => {
    const old = operation({ submittedAt: Date.now() - 8 * 24 * 60 * 60 * 1000 });
    openStore().save(snapshot(entry("pending", old)));
    const restored = openStore().load()!.clientState.mutations![0]!.state.variables as PendingOperation<TestType>;
    expect(restored).toEqual(old);
    expect(openTab(fakeServer()).attentionReason(restored)).toBe("stale");
  });

  it("writes at once, in its format version, final operations without personal fields", () => {
    const store = openStore();
    store.save({ ...snapshot(entry("success", operation(), { data: { id: "r1", number: "SO-000001", replayed: false } })), buster: "anything" });
    const raw = localStorage.getItem(KEY)!;
    expect(JSON.parse(raw)).toMatchObject({ buster: STORE_FORMAT_VERSION });
    expect(raw).toContain("SO-000001");
    expect(raw).not.toMatch(/Zhao Cunchu|13700137101/);
  });

  it("redacts what an earlier version stored with personal fields, and writes it back", () => {
    localStorage.setItem(KEY, JSON.stringify(snapshot(entry("success", operation(), { data: { id: "r1", number: "SO-000001", replayed: false } }))));
    const loaded = openStore().load()!;
    expect(loaded.clientState.mutations![0]!.state.variables).toMatchObject({ redacted: true, params: { item: "sample-guide", quantity: 2 } });
    expect(localStorage.getItem(KEY)).not.toMatch(/Zhao Cunchu/);
  });

  it("drops what it cannot read: not JSON, another format version, no state", () => {
    for (const raw of ["{oops", JSON.stringify({ ...snapshot(), buster: "v0" }), JSON.stringify({ buster: STORE_FORMAT_VERSION }), "null"]) {
      localStorage.setItem(KEY, raw);
      expect(openStore().load()).toBeUndefined();
      expect(localStorage.getItem(KEY)).toBeNull();
    }
    expect(openStore().load()).toBeUndefined(); // nothing stored
  });

  it("keeps working when storage refuses to write (full, or private mode)", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(() => openStore(refusing).save(snapshot(entry("pending", operation())))).not.toThrow();
  });

  it("removes its entry", () => {
    const store = openStore();
    store.save(snapshot());
    store.remove();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
