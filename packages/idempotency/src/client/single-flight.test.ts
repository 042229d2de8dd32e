// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { browserLocks, LOCK_PREFIX, withOperationLock } from "./single-flight.ts";
import { fakeLocks } from "./testing/fake-locks.ts";
import { fakeServer } from "./testing/fake-server.ts";
import { openTab } from "./testing/open-tab.ts";

const params = { item: "sample-guide", quantity: 1 };

beforeEach(() => localStorage.clear());

/** A promise the test resolves, and a way to know whether it ran. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("single flight across tabs", () => {
  it("a second tab waits for the first to finish with the operation", async () => {
    const locks = fakeLocks();
    const events: string[] = [];
    const first = gate();
    const a = withOperationLock(locks, "key-00000301", async () => {
      events.push("tab 1 starts");
      await first.opened;
      events.push("tab 1 ends");
    });
    const b = withOperationLock(locks, "key-00000301", () => Promise.resolve(void events.push("tab 2 runs")));
    const other = withOperationLock(locks, "key-00000302", () => Promise.resolve(void events.push("another key runs")));
    await other;
    expect(events).toEqual(["tab 1 starts", "another key runs"]);
    first.open();
    await Promise.all([a, b]);
    expect(events).toEqual(["tab 1 starts", "another key runs", "tab 1 ends", "tab 2 runs"]);
    expect(locks.requested).toEqual([LOCK_PREFIX + "key-00000301", LOCK_PREFIX + "key-00000301", LOCK_PREFIX + "key-00000302"]);
  });

  it("two tabs resuming the same pending operation send it one at a time, and both show its one result", async () => {
    const locks = fakeLocks();
    const server = fakeServer();
    let inFlight = 0;
    let mostInFlight = 0;
    const send = server.transport.send.bind(server.transport);
    server.transport.send = async (operation) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5)); // the request takes a while
      return send(operation).finally(() => inFlight--);
    };
    const [tab1, tab2] = [openTab(server, { locks }), openTab(server, { locks })];
    const operation = tab1.create("order", "order:sample-guide", "key-00000303", params);
    const [one, two] = await Promise.all([tab1.attempt(operation), tab2.attempt(operation)]);
    expect(mostInFlight).toBe(1);
    expect(one).toEqual({ id: "result-1", number: "SO-000001", replayed: false });
    expect(two).toEqual({ id: "result-1", number: "SO-000001", replayed: true });
    expect(server.executed).toHaveLength(1);
  });

  it("runs unguarded where the browser has no Web Locks (happy-dom has none)", async () => {
    expect(browserLocks()).toBeUndefined();
    await expect(withOperationLock(undefined, "key-00000304", () => Promise.resolve("ran"))).resolves.toBe("ran");
  });
});
