"use client";
// The inquiry form (the older lead form's fields and limits, "seed 000" in docs/GUARANTEES.md),
// validated with the server's own schema; asked from a guide's page, it carries the guide's slug
// (a hidden field, so a press before the scripts arrive sends it too: ~/submission/early-press.ts).
import { useForm } from "react-hook-form";
import type { LeadInput } from "@once/api/schemas";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { useI18n } from "~/i18n/i18n-provider";
import { deferredResolver } from "~/submission/deferred-resolver";
import { TextField } from "~/submission/text-field";
import { FormEnd } from "~/submission/form-end";
import { submissionFormProps, useDeferredSubmission } from "~/submission/use-deferred-submission";

type LeadFormValues = { name: string; phone: string; content: string; email: string; company: string; guide: string };

/**
 * `sendIcon` and `heldNote`: drawn by the server page (~/submission/send-icon.tsx, ~/submission/held-note.tsx);
 * `guide`: the guide the inquiry is about (its slug and title in the page's language), if any.
 */
export function LeadForm({
  initialContent = "",
  guide = null,
  sendIcon,
  heldNote,
}: {
  initialContent?: string;
  guide?: { slug: string; title: string } | null;
  sendIcon: React.ReactNode;
  heldNote: React.ReactNode;
}) {
  const { t } = useI18n();
  const labels = { name: t("form.name"), phone: t("form.phone"), content: t("form.content"), email: t("form.email"), company: t("form.company") };
  const form = useForm<LeadFormValues>({
    resolver: deferredResolver("lead", labels, t),
    defaultValues: { name: "", phone: "", content: initialContent, email: "", company: "", guide: guide?.slug ?? "" },
  });
  const scope = "lead";
  const submission = useDeferredSubmission("lead", scope, form);
  const { view, activeKey, starting, submit, startNew, lastConfirmed, Receipt } = submission;
  const locked = view.phase !== "form" || starting;
  const errors = form.formState.errors;
  const startNewLead = () => {
    if (view.phase === "confirmed") form.reset();
    startNew();
  };
  return (
    <form
      {...submissionFormProps(scope, activeKey)}
      aria-label={t("contact.heading")}
      onSubmit={(e) => void form.handleSubmit((values) => submit({ ...(values as unknown as LeadInput) }))(e)}
    >
      {lastConfirmed && Receipt && view.phase === "form" ? (
        <div className="mb-4">
          <Receipt compact kind="lead" vars={lastConfirmed.vars} result={lastConfirmed.result} />
        </div>
      ) : null}
      <fieldset disabled={locked} className="space-y-1">
        {guide ? (
          <p className="mb-3 text-sm text-ink-muted" data-testid="inquiry-guide">
            {t("contact.guideAsked", { title: guide.title })}
            <input type="hidden" {...form.register("guide")} />
          </p>
        ) : null}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="lead-name"
            label={t("form.name")}
            autoComplete="name"
            required
            control={form.control}
            maxLength={FIELD_LIMITS.name}
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
            control={form.control}
            maxLength={FIELD_LIMITS.phone}
            registration={form.register("phone")}
            error={errors.phone?.message}
          />
        </div>
        <TextField
          id="lead-content"
          label={t("form.content")}
          multiline
          required
          control={form.control}
          maxLength={FIELD_LIMITS.content}
          registration={form.register("content")}
          error={errors.content?.message}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="lead-email"
            label={t("form.email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            control={form.control}
            maxLength={FIELD_LIMITS.email}
            registration={form.register("email")}
            error={errors.email?.message}
          />
          <TextField
            id="lead-company"
            label={t("form.company")}
            autoComplete="organization"
            control={form.control}
            maxLength={FIELD_LIMITS.company}
            registration={form.register("company")}
            error={errors.company?.message}
          />
        </div>
      </fieldset>
      <FormEnd submission={submission} kind="lead" label={t("form.submitLead")} icon={sendIcon} heldNote={heldNote} form={form} onStartNew={startNewLead} />
    </form>
  );
}
