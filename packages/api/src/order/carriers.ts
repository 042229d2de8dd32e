// The carriers an order can ship with: one fixed table, the only place a carrier is described.
// The order stores the code (`sample_order.carrier`); the staff page, the order list, the
// exports and the customer's tracking page take the names and the tracking link from here.
// Browser-safe (no server code): the dashboard's carrier field imports it as
// `@once/api/carriers`.
//
// A pattern is given where the carrier's numbers have a shape known well enough to refuse a
// number typed into the wrong carrier or mistyped: SF Express and YTO print their letters and
// 13 digits, JD Logistics "JD" and 13 more characters, EMS 13 digits at home and the UPU's
// S10 form (EA123456789CN) abroad; ZTO, STO and Yunda print digits only, in lengths that changed
// over the years, so only that is checked. "Other" takes any letters, digits and hyphens.
//
// The tracking link is the carrier's own public tracking page where that page takes the number
// in its address, otherwise kuaidi100's look-up under the carrier's kuaidi100 code. "Other" has
// no link: nobody knows where to look.

export interface Carrier {
  /** The name in each language of the dashboard and the shop. */
  en: string;
  zh: string;
  /** What a tracking number of this carrier looks like (after `normaliseTrackingNumber`). */
  pattern: RegExp;
  /** A well-formed number, named in the refusal of one that is not. */
  example: string | null;
  /** The carrier's tracking page with `{number}` where the number goes; null: no link. */
  trackingUrl: string | null;
}

const kuaidi100 = (code: string) => `https://www.kuaidi100.com/chaxun?com=${code}&nu={number}`;
const DIGITS_ONLY = /^\d{10,18}$/;

export const CARRIERS = {
  sf: {
    en: "SF Express",
    zh: "顺丰速运",
    pattern: /^SF\d{13}$/,
    example: "SF1234567890123",
    trackingUrl: "https://www.sf-express.com/chn/sc/waybill/waybill-detail/{number}",
  },
  jd: {
    en: "JD Logistics",
    zh: "京东物流",
    pattern: /^JD[0-9A-Z]{2}\d{11}$/,
    example: "JDVA12345678901",
    trackingUrl: "https://www.jdl.com/orderSearch/?waybillCodes={number}",
  },
  ems: {
    en: "EMS",
    zh: "中国邮政EMS",
    pattern: /^(?:\d{13}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    example: "1123456789012",
    trackingUrl: "https://www.ems.com.cn/queryList?mailNum={number}",
  },
  zto: {
    en: "ZTO Express",
    zh: "中通快递",
    pattern: DIGITS_ONLY,
    example: "75123456789012",
    trackingUrl: "https://www.zto.com/express/expressCheck.html?txtBill={number}",
  },
  yto: { en: "YTO Express", zh: "圆通速递", pattern: /^YT\d{13}$/, example: "YT1234567890123", trackingUrl: kuaidi100("yuantong") },
  sto: { en: "STO Express", zh: "申通快递", pattern: DIGITS_ONLY, example: "773123456789012", trackingUrl: kuaidi100("shentong") },
  yunda: { en: "Yunda Express", zh: "韵达快递", pattern: DIGITS_ONLY, example: "4312345678901", trackingUrl: kuaidi100("yunda") },
  other: { en: "Other", zh: "其他", pattern: /^[0-9A-Z][0-9A-Z-]{0,59}$/, example: null, trackingUrl: null },
} as const satisfies Record<string, Carrier>;

export type CarrierCode = keyof typeof CARRIERS;
/** In the order the carrier field lists them ("Other" last). */
export const CARRIER_CODES = Object.keys(CARRIERS) as [CarrierCode, ...CarrierCode[]];

export const isCarrierCode = (code: string): code is CarrierCode => Object.hasOwn(CARRIERS, code);

/** A stored carrier code's entry; null for none (shipped before carriers were recorded) or a code no longer in the table. */
export const carrierOf = (code: string | null | undefined): Carrier | null => (code && isCarrierCode(code) ? CARRIERS[code] : null);

/** The carrier's name in a language of the app ("en" or "zh-CN"); null without a known carrier. */
export const carrierName = (code: string | null | undefined, language: string): string | null => {
  const carrier = carrierOf(code);
  return carrier && (language === "zh-CN" ? carrier.zh : carrier.en);
};

/** As a number is printed and read out: spaces dropped (a label groups its digits), letters in capitals. */
export const normaliseTrackingNumber = (raw: string): string => raw.replace(/\s+/g, "").toUpperCase();

/**
 * What is wrong with the link `template` makes for `trackingNumber`, or null when it is right: an
 * https address, on the template's own host, with the number in it as given. Staff never type a
 * link (it is built from the fixed table above), and numbers match their carrier's pattern, so
 * this catches an edit of the table gone wrong (plain http, the number dropped or moved into the
 * host) and a number that would reshape the address, before a customer is sent anywhere.
 */
export function linkProblem(template: string, trackingNumber: string): string | null {
  let base: URL;
  let link: URL;
  try {
    base = new URL(template.replace("{number}", "0"));
    link = new URL(template.replace("{number}", encodeURIComponent(trackingNumber)));
  } catch {
    return "not an address";
  }
  if (template.split("{number}").length !== 2) return "the number must appear exactly once";
  if (link.protocol !== "https:") return "not https";
  if (link.host !== base.host || new URL(template).host.includes("{")) return "the number must not be part of the host";
  if (!`${link.pathname}${link.search}`.includes(encodeURIComponent(trackingNumber))) return "the number is not in the address";
  return null;
}

/** linkProblem for a carrier of the table; null when it has no link ("Other"). */
export const trackingLinkProblem = (code: CarrierCode, trackingNumber: string): string | null => {
  const template = CARRIERS[code].trackingUrl;
  return template && linkProblem(template, trackingNumber);
};

/** The page that follows this shipment, or null (no carrier or no number, or "Other"). */
export function trackingLink(code: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const template = carrierOf(code)?.trackingUrl;
  return template && trackingNumber ? template.replace("{number}", encodeURIComponent(trackingNumber)) : null;
}
