// Which languages and screen sizes each browser flow runs in. A flow is the same steps in every
// combination: what differs is the words (by language) and the layout (by size). So each flow
// runs on the diagonal, English on a desktop and Chinese on a phone: every word of the flow is
// checked in English, every layout rule on a phone and on a desktop, and the Chinese words and
// the phone layout together where they are tightest (long Chinese strings on 390 px). The
// screenshot passes (screens.spec.ts, dashboard-screens.spec.ts) still show every screen in all
// four combinations. A dashboard flow (one size) runs in the one language its file names; the
// files alternate, so both languages carry half the flows.
//
// E2E_FULL_MATRIX=1 runs every flow in every combination (before a release that changes texts
// or layout: `E2E_FULL_MATRIX=1 pnpm test:e2e browser`).
import { VIEWPORTS } from "./order-support";

export type Locale = "en" | "zh-CN";
export type Device = keyof typeof VIEWPORTS;

const FULL_MATRIX = process.env.E2E_FULL_MATRIX === "1";
const DIAGONAL: Record<Locale, Device> = { en: "desktop", "zh-CN": "phone" };

/** The sizes a flow runs at in `locale`: its diagonal one (all with E2E_FULL_MATRIX=1). */
export function devicesFor(locale: Locale): [Device, (typeof VIEWPORTS)[Device]][] {
  const devices = FULL_MATRIX ? (Object.keys(VIEWPORTS) as Device[]) : [DIAGONAL[locale]];
  return devices.map((device) => [device, VIEWPORTS[device]]);
}

/** The languages a one-size flow runs in: the one its test names (both with E2E_FULL_MATRIX=1). */
export function flowLocales(locale: Locale): readonly Locale[] {
  return FULL_MATRIX ? ["en", "zh-CN"] : [locale];
}

/** Inside a loop over both languages: whether a flow that runs in `preferred` runs in `locale`. */
export function runsIn(locale: Locale, preferred: Locale): boolean {
  return flowLocales(preferred).includes(locale);
}
