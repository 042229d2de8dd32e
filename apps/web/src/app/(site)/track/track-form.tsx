"use client";
// Look up an order or inquiry by its number and phone, from any device. A form action
// (./look-up.ts): it also works before the page's scripts have arrived. A refusal says what is
// wrong with the input's form, never which half of a well-formed pair did not match.
import { useActionState } from "react";
import { Button, Field, Input, Notice } from "@once/ui";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { useI18n } from "~/i18n/i18n-provider";
import type { MessageKey } from "~/i18n/messages";
import { lookUp, type LookUpState } from "./look-up";
import { TrackedView } from "./tracked-view";

const REFUSAL_TEXT: Record<string, MessageKey> = {
  NOT_FOUND: "track.notFound",
  NUMBER_MALFORMED: "track.numberMalformed",
  PHONE_MALFORMED: "error.phone",
  RATE_LIMITED: "track.rateLimited",
};

export function TrackForm({ number = "" }: { number?: string }) {
  const { t, locale } = useI18n();
  const [state, action, pending] = useActionState<LookUpState | null, FormData>(lookUp, null);
  const answer = state?.answer;
  if (answer && "tracked" in answer)
    return (
      <div className="space-y-4">
        <TrackedView tracked={answer.tracked} t={t} locale={locale} />
        <a href="/track" className="inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
          {t("track.another")}
        </a>
      </div>
    );
  const refusal = answer && "refusal" in answer ? answer : null;
  return (
    <form action={action} className="space-y-1" aria-label={t("track.heading")}>
      <Field id="track-number" label={t("track.number")} hint={t("track.numberHint")}>
        <Input id="track-number" name="number" required defaultValue={state?.number ?? number} autoComplete="off" aria-describedby="track-number-hint" />
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
      <Button type="submit" variant="primary" size="lg" block disabled={pending} aria-busy={pending}>
        {pending ? t("track.looking") : t("track.submit")}
      </Button>
      <div role="status" aria-live="polite" className="pt-4 empty:hidden">
        {refusal ? (
          <Notice tone={refusal.refusal === "NOT_FOUND" ? "warning" : "danger"} data-testid="track-refusal" data-code={refusal.refusal}>
            <p>{t(REFUSAL_TEXT[refusal.refusal]!, { n: refusal.retryAfterSeconds ?? 60 })}</p>
          </Notice>
        ) : null}
      </div>
    </form>
  );
}
