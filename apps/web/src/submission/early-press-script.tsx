// The inline script of ./early-press.ts, carrying the page's CSP nonce (proxy.ts). Rendered
// at the top of the customer pages' body (app/(site)/layout.tsx): it is listening before any
// form is painted.
import { headers } from "next/headers";
import { SESSION_TAG_COOKIE } from "@once/api/session-cookies";
import { env } from "~/env";
import { getLocale } from "~/i18n/locale";
import { messages } from "~/i18n/messages";
import { earlyPress } from "./early-press";
import { OUTBOX } from "./outbox-names";
import { HELD_EVENT, HYDRATED_ATTRIBUTE, PRESSED_INTENTS_KEY } from "./store-key";

const workerUrl = env.NODE_ENV === "production" ? "/sw.js" : null; // app/sw.js/route.ts
const body = earlyPress.toString();
const argumentsOf = (tooLong: string) =>
  [PRESSED_INTENTS_KEY, HELD_EVENT, HYDRATED_ATTRIBUTE, SESSION_TAG_COOKIE, workerUrl, OUTBOX, tooLong]
    .map((s) => JSON.stringify(s).replaceAll("<", "\\u003c")) // nothing in a string can close the script
    .join(",");

export async function EarlyPressScript() {
  const [nonce, locale] = await Promise.all([headers().then((h) => h.get("x-nonce") ?? undefined), getLocale()]);
  const source = `(${body})(${argumentsOf(messages[locale]["error.tooLong"])})`;
  // suppressHydrationWarning: browsers hide a nonce from the DOM once the script has run.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: source }} />;
}
