"use client";
// Ordering copies of one guide. The web form always asks for the delivery contact (the API
// lets outside clients omit it); validation is the server's own zod schema.
import { useForm } from "react-hook-form";
import type { OrderInput } from "@once/api/schemas";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { Field, Select } from "@once/ui";
import { useI18n } from "~/i18n/i18n-provider";
import { deferredResolver } from "~/submission/deferred-resolver";
import { TextField } from "~/submission/text-field";
import { SubmitButton } from "~/submission/submit-button";
import { submissionFormProps, useDeferredSubmission } from "~/submission/use-deferred-submission";

/** `sendIcon` and `heldNote`: drawn by the server page (~/submission/send-icon.tsx, ~/submission/held-note.tsx). */
export function OrderForm({
  slug,
  title,
  maxPerOrder,
  sendIcon,
  heldNote,
}: {
  slug: string;
  title: string;
  maxPerOrder: number;
  sendIcon: React.ReactNode;
  heldNote: React.ReactNode;
}) {
  const { t } = useI18n();
  const labels = { quantity: t("form.quantity"), name: t("form.name"), phone: t("form.phone"), address: t("form.address") };
  const form = useForm<OrderInput>({
    resolver: deferredResolver("order", labels, t),
    defaultValues: { item: slug, quantity: 1, contact: { name: "", phone: "", address: "" } },
  });
  const scope = `order:${slug}`;
  const submission = useDeferredSubmission("order", scope, form);
  const { view, activeKey, starting, submit, lastConfirmed, Receipt } = submission;
  const locked = view.phase !== "form" || starting;
  const errors = form.formState.errors;

  return (
    <form
      {...submissionFormProps(scope, activeKey)}
      aria-label={t("guides.order")}
      onSubmit={(e) => void form.handleSubmit((values) => submit({ ...values }))(e)}
    >
      {/* Not a field of the form's own state (that is a default value): read by ~/submission/early-press.ts.
          First, so it is not the last child (the form's spacing gives every other child a margin). */}
      <input type="hidden" name="item" value={slug} />
      {lastConfirmed && Receipt && view.phase === "form" ? (
        <div className="mb-4">
          <Receipt compact kind="order" vars={lastConfirmed.vars} result={lastConfirmed.result} subject={title} />
        </div>
      ) : null}
      <fieldset disabled={locked} className="space-y-1">
        <Field id="quantity" label={t("form.quantity")} hint={t("guide.maxPerOrder", { n: maxPerOrder })}>
          <Select id="quantity" data-as="number" {...form.register("quantity", { valueAsNumber: true })} aria-describedby="quantity-hint">
            {Array.from({ length: maxPerOrder }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <TextField
          id="contact-name"
          label={t("form.name")}
          autoComplete="name"
          required
          control={form.control}
          maxLength={FIELD_LIMITS.name}
          registration={form.register("contact.name")}
          error={errors.contact?.name?.message}
        />
        <TextField
          id="contact-phone"
          label={t("form.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          control={form.control}
          maxLength={FIELD_LIMITS.phone}
          registration={form.register("contact.phone")}
          error={errors.contact?.phone?.message}
        />
        <TextField
          id="contact-address"
          label={t("form.address")}
          autoComplete="street-address"
          multiline
          rows={3}
          required
          control={form.control}
          maxLength={FIELD_LIMITS.address}
          registration={form.register("contact.address")}
          error={errors.contact?.address?.message}
        />
      </fieldset>
      <SubmitButton label={t("form.submitOrder")} phase={view.phase} waiting={starting || form.formState.isSubmitting} icon={sendIcon} />
      {heldNote}
      <submission.Status submission={submission} kind="order" subject={title} />
      {submission.binding}
    </form>
  );
}
