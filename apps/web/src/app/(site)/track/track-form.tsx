// Look up an order or inquiry by its number and phone, from any device. A plain HTML form that
// posts to ./look-up/route.ts (no script needed, none shipped): the answer is the record's page,
// or this form again with the refusal's code in the address (never the phone). A refusal says
// what is wrong with the input's form, never which half of a well-formed pair did not match.
import { Button, Field, Input, Notice } from "@once/ui";
import type { TrackRefusal } from "@once/api";
import { FIELD_LIMITS } from "@once/api/field-limits";
import type { MessageKey, Translate } from "~/i18n/messages";

const REFUSAL_TEXT: Record<TrackRefusal, MessageKey> = {
  NOT_FOUND: "track.notFound",
  NUMBER_MALFORMED: "track.numberMalformed",
  PHONE_MALFORMED: "error.phone",
  RATE_LIMITED: "track.rateLimited",
};

/** A refusal code from the address, if it is one (anything else is ignored). */
export function refusalOf(code: unknown): TrackRefusal | undefined {
  return typeof code === "string" && Object.hasOwn(REFUSAL_TEXT, code) ? (code as TrackRefusal) : undefined;
}

export function TrackForm({ t, number = "", refusal, waitSeconds }: { t: Translate; number?: string; refusal?: TrackRefusal; waitSeconds?: number }) {
  return (
    <form method="post" action="/track/look-up" className="space-y-1" aria-label={t("track.heading")}>
      <Field id="track-number" label={t("track.number")} hint={t("track.numberHint")}>
        <Input id="track-number" name="number" required defaultValue={number} autoComplete="off" aria-describedby="track-number-hint" />
      </Field>
      <Field id="track-phone" label={t("track.phone")} hint={t("track.phoneHint")}>
        <Input
          id="track-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={FIELD_LIMITS.phone}
          aria-describedby="track-phone-hint"
        />
      </Field>
      <Button type="submit" variant="primary" size="lg" block>
        {t("track.submit")}
      </Button>
      <div role="status" aria-live="polite" className="pt-4 empty:hidden">
        {refusal ? (
          <Notice tone={refusal === "NOT_FOUND" ? "warning" : "danger"} data-testid="track-refusal" data-code={refusal}>
            <p>{t(REFUSAL_TEXT[refusal], { n: waitSeconds ?? 60 })}</p>
          </Notice>
        ) : null}
      </div>
    </form>
  );
}
