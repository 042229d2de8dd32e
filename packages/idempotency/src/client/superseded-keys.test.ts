// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_PENDING_AGE_MS } from "./pending-operation.ts";
import { createSupersededKeys, SUPERSEDED_STORAGE_KEY } from "./superseded-keys.ts";
import { fakeServer } from "./testing/fake-server.ts";
import { openTab } from "./testing/open-tab.ts";

const params = { item: "sample-guide", quantity: 1 };

beforeEach(() => localStorage.clear());

describe("superseded keys", () => {
  it("a mark holds for every tab and after a reload (another instance over the same storage)", () => {
    createSupersededKeys(localStorage).mark("key-00000201");
    const reloaded = createSupersededKeys(localStorage);
    expect(reloaded.has("key-00000201")).toBe(true);
    expect(reloaded.has("key-00000202")).toBe(false);
  });

  it("forgets marks older than the pending age when it writes", () => {
    let now = 1_000_000;
    const keys = createSupersededKeys(localStorage, { now: () => now });
    keys.mark("old-key-0001");
    now += MAX_PENDING_AGE_MS + 1;
    keys.mark("new-key-0001");
    expect(Object.keys(JSON.parse(localStorage.getItem(SUPERSEDED_STORAGE_KEY)!) as object)).toEqual(["new-key-0001"]);
  });

  it("reads unreadable storage as no marks, and keeps this tab's marks when storage refuses them", () => {
    localStorage.setItem(SUPERSEDED_STORAGE_KEY, "{not json");
    expect(createSupersededKeys(localStorage).has("key-00000203")).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const keys = createSupersededKeys(full);
    keys.mark("key-00000204");
    expect(keys.has("key-00000204")).toBe(true);
  });

  it("an operation replaced by editing is only looked up, never resent", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000205", params);
    server.next.push({ status: 504 }); // never reached the server's record
    await expect(tab.attempt(operation)).rejects.toMatchObject({ name: "OutcomeUnknown" });
    tab.supersede(operation.key);
    // Its retry (in this tab, or another tab after a reload) looks up and stops.
    await expect(tab.attempt(operation)).rejects.toMatchObject({ name: "FinalRefusal", code: "SUPERSEDED" });
    await expect(openTab(server).attempt(operation)).rejects.toMatchObject({ code: "SUPERSEDED" });
    expect(server.sent).toEqual(["key-00000205"]);
    expect(server.lookedUp.map((l) => l.key)).toEqual(["key-00000205", "key-00000205"]);
    expect(server.executed).toEqual([]);
  });

  it("a replaced operation the server did run is still confirmed", async () => {
    const server = fakeServer();
    const tab = openTab(server);
    const operation = tab.create("order", "order:sample-guide", "key-00000206", params);
    server.next.push("answer lost");
    await expect(tab.attempt(operation)).rejects.toMatchObject({ name: "OutcomeUnknown" });
    tab.supersede(operation.key);
    await expect(tab.attempt(operation)).resolves.toMatchObject({ id: "result-1", replayed: true });
    expect(server.executed).toHaveLength(1);
  });
});
