import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, safeReturnPath, signInReturningTo } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a dashboard path with its query", () => {
    expect(safeReturnPath("/dashboard/leads/0b7c9a1e-5d2f-4c4e-9f8a-2f3b1c6d7e8f?take=1")).toBe("/dashboard/leads/0b7c9a1e-5d2f-4c4e-9f8a-2f3b1c6d7e8f?take=1");
    expect(safeReturnPath("/dashboard/orders")).toBe("/dashboard/orders");
    expect(safeReturnPath("/dashboard")).toBe("/dashboard");
  });

  it.each([
    ["another site", "https://evil.example/dashboard"],
    ["a protocol-relative address", "//evil.example/dashboard"],
    ["a path that only starts like the dashboard", "/dashboardx"],
    ["a backslash", "/dashboard\\..\\..\\evil"],
    ["a double slash inside", "/dashboard//evil.example"],
    ["dot segments leaving the dashboard", "/dashboard/../track/OD-000001"],
    ["encoded dot segments", "/dashboard/%2e%2e/me"],
    ["the sign-in page itself", "/dashboard/sign-in?next=/dashboard"],
    ["a customer page", "/me"],
    ["nothing", undefined],
    ["a repeated parameter", ["/dashboard/leads", "/dashboard/orders"]],
    ["white space", "/dashboard/leads\n/evil"],
    ["a javascript: address", "javascript:alert(1)"],
  ])("falls back to the lead list for %s", (_, raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });
});

describe("signInReturningTo", () => {
  it("carries a dashboard path, encoded", () => {
    expect(signInReturningTo("/dashboard/leads/abc?take=1")).toBe("/dashboard/sign-in?next=%2Fdashboard%2Fleads%2Fabc%3Ftake%3D1");
  });
  it("says nothing for the default or a path it would not follow", () => {
    expect(signInReturningTo(undefined)).toBe("/dashboard/sign-in");
    expect(signInReturningTo(DEFAULT_RETURN_PATH)).toBe("/dashboard/sign-in");
    expect(signInReturningTo("//evil.example")).toBe("/dashboard/sign-in");
  });
});
