"use client";
// Ordering copies of one guide. The web form always asks for the delivery contact (the API
// lets outside clients omit it); validation is the server's own zod schema.
import { useForm } from "react-hook-form";
import type { OrderInput } from "@once/api/schemas";
import { useI18n } from "~/i18n/i18n-provider";
import { deferredResolver } from "~/submission/deferred-resolver";
import { TextField } from "~/submission/text-field";
import { useDeferredSubmission } from "~/submission/use-deferred-submission";
import { useSubmittedValues } from "~/submission/use-submitted-values";

export function OrderForm({ slug, maxPerOrder, inStock }: { slug: string; maxPerOrder: number; inStock: boolean }) {
  const { t } = useI18n();
  const { view, activeKey, ready, submit, startNew, editPending, checkNow, checking, binding, Status } = useDeferredSubmission("order", `order:${slug}`);
  const labels = { quantity: t("form.quantity"), name: t("form.name"), phone: t("form.phone"), address: t("form.address") };
  const form = useForm<OrderInput>({
    resolver: deferredResolver("order", labels, t),
    defaultValues: { item: slug, quantity: 1, contact: { name: "", phone: "", address: "" } },
  });
  const locked = view.phase !== "form";
  useSubmittedValues(form, view);
  const errors = form.formState.errors;

  return (
    <form
      className="order-form"
      noValidate
      data-operation-key={activeKey ?? undefined}
      aria-label={t("guides.order")}
      onSubmit={(e) => void form.handleSubmit((values) => submit({ ...values }))(e)}
    >
      <fieldset disabled={locked}>
        <div className="field">
          <label htmlFor="quantity">{t("form.quantity")}</label>
          <select id="quantity" {...form.register("quantity", { valueAsNumber: true })} aria-describedby="quantity-hint">
            {Array.from({ length: maxPerOrder }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <p className="hint" id="quantity-hint">
            {t("guide.maxPerOrder", { n: maxPerOrder })}
          </p>
        </div>
        <TextField
          id="contact-name"
          label={t("form.name")}
          autoComplete="name"
          required
          requiredHint={t("form.required")}
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
          requiredHint={t("form.required")}
          registration={form.register("contact.phone")}
          error={errors.contact?.phone?.message}
        />
        <TextField
          id="contact-address"
          label={t("form.address")}
          autoComplete="street-address"
          required
          requiredHint={t("form.required")}
          registration={form.register("contact.address")}
          error={errors.contact?.address?.message}
        />
      </fieldset>
      <button type="submit" className="primary" disabled={locked || !inStock || !ready} aria-busy={view.phase === "submitting"}>
        {view.phase === "submitting" ? t("form.submitting") : t("form.submitOrder")}
      </button>
      <Status view={view} kind="order" checking={checking} onCheckNow={() => void checkNow()} onEdit={editPending} onStartNew={startNew} />
      {binding}
    </form>
  );
}
