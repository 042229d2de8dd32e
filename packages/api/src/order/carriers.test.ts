// The carriers' tracking links (./carriers.ts): every link of the table is https on the carrier's
// own host with the number in it, and the check refuses the ways a table edit or a number could
// break that. No database.
import { describe, expect, it } from "vitest";
import { CARRIER_CODES, CARRIERS, linkProblem, trackingLink, trackingLinkProblem } from "./carriers.ts";
import { shipmentSchema } from "./shipment-schema.ts";

describe("tracking links", () => {
  it("are sound for every carrier of the table and its example number", () => {
    for (const code of CARRIER_CODES) {
      const { example, trackingUrl } = CARRIERS[code];
      if (!trackingUrl || !example) continue;
      expect(trackingLinkProblem(code, example), code).toBeNull();
      const link = new URL(trackingLink(code, example)!);
      expect(link.protocol, code).toBe("https:");
      expect(link.host, code).toBe(new URL(trackingUrl.replace("{number}", "0")).host);
      expect(`${link.pathname}${link.search}`, code).toContain(example);
    }
  });

  it("refuse a template on http, on a host the number decides, without the number, or with it twice", () => {
    expect(linkProblem("http://www.sf-express.com/waybill/{number}", "SF1234567890123")).toBe("not https");
    expect(linkProblem("https://{number}.example.com/track", "abc")).toBe("the number must not be part of the host");
    expect(linkProblem("https://www.example.com/track", "SF1234567890123")).toBe("the number must appear exactly once");
    expect(linkProblem("https://www.example.com/{number}?n={number}", "SF1234567890123")).toBe("the number must appear exactly once");
    expect(linkProblem("not a url {number}", "1")).toBe("not an address");
  });

  it("keep a number that looks like an address inside the path: it cannot move the link to another host", () => {
    for (const hostile of ["@evil.example", "//evil.example/x", "../../evil", "#frag", "?a=b"]) {
      expect(linkProblem("https://www.zto.com/express/expressCheck.html?txtBill={number}", hostile), hostile).toBeNull();
      expect(new URL(trackingLink("zto", hostile)!).host).toBe("www.zto.com");
    }
  });

  it("are checked when staff save a shipment, after the number's shape, and the refusal names the number", () => {
    expect(shipmentSchema.safeParse({ carrier: "sf", trackingNumber: "sf 1234567890123" })).toMatchObject({
      success: true,
      data: { trackingNumber: "SF1234567890123" },
    });
    expect(shipmentSchema.safeParse({ carrier: "other", trackingNumber: "ABC-1" }).success).toBe(true); // no link at all
    const refused = shipmentSchema.safeParse({ carrier: "sf", trackingNumber: "SF12345" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["trackingNumber"]);
  });
});
