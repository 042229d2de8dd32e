// A shipment as the server accepts it: a carrier of the table (./carriers.ts) and a tracking
// number of that carrier's shape, normalised as a label prints it, that makes a sound tracking
// link (https, the carrier's host, the number in it: `trackingLinkProblem`). The dashboard's ship step
// parses with it before anything is written, and answers a failure with its own code
// (`shipmentRefusal`) so the page can say which of the two is wrong, in the reader's language.
import { z } from "zod";
import { CARRIER_CODES, CARRIERS, normaliseTrackingNumber, trackingLinkProblem } from "./carriers.ts";

export const shipmentSchema = z
  .object({
    carrier: z.enum(CARRIER_CODES),
    trackingNumber: z.string().transform(normaliseTrackingNumber),
  })
  .superRefine((shipment, ctx) => {
    if (!CARRIERS[shipment.carrier].pattern.test(shipment.trackingNumber)) {
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: `not a ${CARRIERS[shipment.carrier].en} tracking number` });
      return;
    }
    // The customer's tracking page links to the carrier with this number: it must make a sound link.
    const problem = trackingLinkProblem(shipment.carrier, shipment.trackingNumber);
    if (problem) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: `no tracking link: ${problem}` });
  });
export type Shipment = z.infer<typeof shipmentSchema>;

export type ShipmentRefusalReason = "UNKNOWN_CARRIER" | "TRACKING_NUMBER_FORMAT";

/** Which refusal a failed parse is: the carrier is checked first, a number means nothing without it. */
export const shipmentRefusal = (error: z.ZodError): ShipmentRefusalReason =>
  error.issues.some((issue) => issue.path[0] === "carrier") ? "UNKNOWN_CARRIER" : "TRACKING_NUMBER_FORMAT";
