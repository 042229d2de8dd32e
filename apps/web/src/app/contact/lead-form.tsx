"use client";
// The inquiry form (seed 000's fields and limits), validated with the server's own schema.
import { useForm } from "react-hook-form";
import type { LeadInput } from "@once/api/schemas";
import { useI18n } from "~/i18n/i18n-provider";
import { deferredResolver } from "~/submission/deferred-resolver";
import { TextField } from "~/submission/text-field";
import { useDeferredSubmission } from "~/submission/use-deferred-submission";
import { useSubmittedValues } from "~/submission/use-submitted-values";

type LeadFormValues = { name: string; phone: string; content: string; email: string; company: string };

export function LeadForm() {
  const { t } = useI18n();
  const { view, activeKey, ready, submit, startNew, editPending, checkNow, checking, binding, Status } = useDeferredSubmission("lead", "lead");
  const labels = { name: t("form.name"), phone: t("form.phone"), content: t("form.content"), email: t("form.email"), company: t("form.company") };
  const form = useForm<LeadFormValues>({
    resolver: deferredResolver("lead", labels, t),
    defaultValues: { name: "", phone: "", content: "", email: "", company: "" },
  });
  const locked = view.phase !== "form";
  useSubmittedValues(form, view);
  const errors = form.formState.errors;
  const startNewLead = () => {
    if (view.phase === "confirmed") form.reset();
    startNew();
  };
  return (
    <form
      className="lead-form"
      noValidate
      data-operation-key={activeKey ?? undefined}
      aria-label={t("contact.heading")}
      onSubmit={(e) => void form.handleSubmit((values) => submit({ ...(values as unknown as LeadInput) }))(e)}
    >
      <fieldset disabled={locked}>
        <TextField
          id="lead-name"
          label={t("form.name")}
          autoComplete="name"
          required
          requiredHint={t("form.required")}
          registration={form.register("name")}
          error={errors.name?.message}
        />
        <TextField
          id="lead-phone"
          label={t("form.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          requiredHint={t("form.required")}
          registration={form.register("phone")}
          error={errors.phone?.message}
        />
        <TextField
          id="lead-content"
          label={t("form.content")}
          multiline
          required
          requiredHint={t("form.required")}
          registration={form.register("content")}
          error={errors.content?.message}
        />
        <TextField
          id="lead-email"
          label={t("form.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={form.register("email")}
          error={errors.email?.message}
        />
        <TextField
          id="lead-company"
          label={t("form.company")}
          autoComplete="organization"
          registration={form.register("company")}
          error={errors.company?.message}
        />
      </fieldset>
      <button type="submit" className="primary" disabled={locked || !ready} aria-busy={view.phase === "submitting"}>
        {view.phase === "submitting" ? t("form.submitting") : t("form.submitLead")}
      </button>
      <Status view={view} kind="lead" checking={checking} onCheckNow={() => void checkNow()} onEdit={editPending} onStartNew={startNewLead} />
      {binding}
    </form>
  );
}
