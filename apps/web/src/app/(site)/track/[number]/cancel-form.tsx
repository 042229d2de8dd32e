"use client";
// The customer cancels their own order while it is still received: a reason and one button,
// sent exactly once like an order (the submission engine: a lost answer is checked and
// replayed, a press before the engine or offline is kept, ~/submission/early-press.ts). The
// server decides, in the same transaction as the record: packed first, or cancelled already,
// comes back as a refusal that says so (status.rejected.*). Once confirmed, the page is drawn
// again from the server: the order above then reads "Cancelled" with the reason, and this form
// is gone (the page offers it only while the order is received).
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { useI18n } from "~/i18n/i18n-provider";
import { deferredResolver } from "~/submission/deferred-resolver";
import { TextField } from "~/submission/text-field";
import { FormEnd } from "~/submission/form-end";
import { submissionFormProps, useDeferredSubmission } from "~/submission/use-deferred-submission";

type CancelValues = { number: string; reason: string };

/** `heldNote`: drawn by the server page (~/submission/held-note.tsx). */
export function CancelForm({ number, heldNote }: { number: string; heldNote: React.ReactNode }) {
  const { t } = useI18n();
  const router = useRouter();
  const form = useForm<CancelValues>({ resolver: deferredResolver("cancellation", { reason: t("cancel.reason") }, t), defaultValues: { number, reason: "" } });
  const scope = `cancellation:${number}`;
  const submission = useDeferredSubmission("cancellation", scope, form);
  const { view, activeKey, starting, submit } = submission;
  const locked = view.phase !== "form" || starting;
  useEffect(() => {
    if (view.phase === "confirmed") router.refresh();
  }, [view.phase, router]);
  return (
    <form
      {...submissionFormProps(scope, activeKey)}
      aria-labelledby="cancel-heading"
      onSubmit={(e) => void form.handleSubmit((values) => submit({ ...values }))(e)}
    >
      {/* Read by ~/submission/early-press.ts for a press before the engine; first, as in the order form. */}
      <input type="hidden" name="number" value={number} />
      <h2 id="cancel-heading" className="text-lg font-semibold">
        {t("cancel.heading")}
      </h2>
      <p className="pb-2 text-sm text-ink-muted">{t("cancel.intro")}</p>
      <fieldset disabled={locked} className="space-y-1">
        <TextField
          id="cancel-reason"
          label={t("cancel.reason")}
          multiline
          rows={3}
          required
          control={form.control}
          maxLength={FIELD_LIMITS.reason}
          registration={form.register("reason")}
          error={form.formState.errors.reason?.message}
        />
      </fieldset>
      <FormEnd submission={submission} kind="cancellation" label={t("cancel.submit")} heldNote={heldNote} form={form} />
    </form>
  );
}
