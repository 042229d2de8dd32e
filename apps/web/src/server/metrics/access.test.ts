import { describe, expect, it } from "vitest";
import { metricsAccess } from "./access";

const token = "metrics-token-0123456789";

describe("metricsAccess", () => {
  it("with a token: only that bearer token is let in", () => {
    for (const production of [true, false]) {
      expect(metricsAccess(`Bearer ${token}`, { token, production })).toBe("granted");
      expect(metricsAccess(`bearer ${token}`, { token, production })).toBe("granted");
      expect(metricsAccess(null, { token, production })).toBe("unauthorized");
      expect(metricsAccess("Bearer wrong", { token, production })).toBe("unauthorized");
      expect(metricsAccess(`Bearer ${token}x`, { token, production })).toBe("unauthorized");
      expect(metricsAccess(`Basic ${Buffer.from(`x:${token}`).toString("base64")}`, { token, production })).toBe("unauthorized");
      expect(metricsAccess(token, { token, production })).toBe("unauthorized");
    }
  });

  it("without a token: absent in production, open in development", () => {
    expect(metricsAccess(`Bearer ${token}`, { production: true })).toBe("disabled");
    expect(metricsAccess(null, { production: true })).toBe("disabled");
    expect(metricsAccess(null, { production: false })).toBe("granted");
  });
});
