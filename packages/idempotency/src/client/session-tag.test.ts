// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { FinalRefusal } from "./outcome-errors.ts";
import { cookieSessionTag, sessionChanged } from "./session-tag.ts";
import { fakeServer } from "./testing/fake-server.ts";
import { openTab } from "./testing/open-tab.ts";

const readTag = cookieSessionTag("once_sid");
const params = { item: "sample-guide", quantity: 1 };

afterEach(() => {
  document.cookie = "once_sid=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
  localStorage.clear();
});

describe("session tag", () => {
  it("reads the tag cookie among others; null when absent or empty", () => {
    expect(readTag()).toBeNull();
    document.cookie = "lang=en";
    document.cookie = "once_sid=tag-a";
    expect(readTag()).toBe("tag-a");
    document.cookie = "once_sid=";
    expect(readTag()).toBeNull();
  });

  it("an operation belongs to the session whose tag it carries; one without a tag to none", () => {
    expect(sessionChanged({ sessionTag: "tag-a" }, "tag-a")).toBe(false);
    expect(sessionChanged({ sessionTag: "tag-a" }, "tag-b")).toBe(true);
    expect(sessionChanged({ sessionTag: "tag-a" }, null)).toBe(true);
    expect(sessionChanged({}, null)).toBe(false);
    expect(sessionChanged({}, "tag-b")).toBe(true);
  });

  it("a pending operation is neither resent nor looked up once the session changed: it needs attention", async () => {
    document.cookie = "once_sid=tag-a";
    const server = fakeServer();
    const tab = openTab(server, { sessionTag: readTag });
    const operation = tab.create("order", "order:sample-guide", "key-00000101", params);
    expect(operation.sessionTag).toBe("tag-a");
    server.next.push("answer lost");
    await expect(tab.attempt(operation)).rejects.toMatchObject({ name: "OutcomeUnknown" });

    document.cookie = "once_sid=tag-b"; // e.g. a cross-site form replaced the session cookie
    server.switchPrincipal("customer:b");
    const refusal = await tab.attempt(operation).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FinalRefusal);
    expect(refusal).toMatchObject({ code: "SESSION_CHANGED", status: 0 });
    await expect(tab.lookUp(operation)).rejects.toMatchObject({ code: "SESSION_CHANGED" });
    expect(tab.attentionReason(operation)).toBe("session");
    expect(server.sent).toEqual(["key-00000101"]);
    expect(server.lookedUp).toEqual([]);
    expect(server.executed.map((e) => e.principal)).toEqual(["customer:a"]);
  });

  it("an operation sent before the browser had a session stops once it has one", async () => {
    const server = fakeServer();
    const tab = openTab(server, { sessionTag: readTag });
    const operation = tab.create("order", "order:sample-guide", "key-00000102", params);
    expect(operation).not.toHaveProperty("sessionTag");
    document.cookie = "once_sid=tag-a";
    await expect(tab.attempt(operation)).rejects.toMatchObject({ code: "SESSION_CHANGED" });
    expect(server.sent).toEqual([]);
  });
});
