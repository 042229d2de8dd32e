"use client";
// The team's first-response target on the assignment page (packages/api/src/dashboard/
// response-target.ts): everyone reads it; admins change it. Minutes, and optionally business
// hours in a time zone; a value the server would refuse is said first, in the page's language.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Checkbox, Field, Input, Select } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { errorText } from "../error-text";
import type { PageMessage } from "../page-messages";

const ZONES = [
  "Asia/Shanghai",
  "Asia/Hong_Kong",
  "Asia/Taipei",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "UTC",
];
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (value: string) => {
  const [h, m] = value.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export function ResponseTargetForm({ admin, onMessage }: { admin: boolean; onMessage: (message: PageMessage) => void }) {
  const trpc = useTRPC();
  const { t } = useDashboard();
  const queryClient = useQueryClient();
  const target = useQuery(trpc.dashboard.assignment.responseTarget.queryOptions());
  const [draft, setDraft] = useState<{
    minutes: string;
    businessHours: boolean;
    timeZone: string;
    dayStart: string;
    dayEnd: string;
    workDays: number[];
  } | null>(null);
  useEffect(() => {
    if (target.data && !draft) {
      const d = target.data;
      setDraft({
        minutes: String(d.minutes),
        businessHours: d.businessHours,
        timeZone: d.timeZone,
        dayStart: clock(d.dayStart),
        dayEnd: clock(d.dayEnd),
        workDays: [...d.workDays],
      });
    }
  }, [target.data, draft]);
  const save = useMutation(
    trpc.dashboard.assignment.setResponseTarget.mutationOptions({
      onSuccess: () => (
        onMessage({ tone: "success", text: t("assignment.target.saved") }),
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.assignment.responseTarget.queryKey() })
      ),
      onError: (error) => onMessage({ tone: "danger", text: errorText(error, t) }),
    }),
  );
  const refuse = (reason: "targetMinutes" | "targetHours") =>
    onMessage({ tone: "danger", text: t("assignment.refused", { reason: t(`assignment.refusal.${reason}`) }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const minutes = Number(draft.minutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) return refuse("targetMinutes");
    const [dayStart, dayEnd] = [minutesOf(draft.dayStart), minutesOf(draft.dayEnd)];
    if (draft.businessHours && (dayStart >= dayEnd || draft.workDays.length === 0)) return refuse("targetHours");
    save.mutate({
      minutes,
      businessHours: draft.businessHours,
      timeZone: draft.timeZone,
      dayStart,
      dayEnd,
      workDays: draft.workDays.length ? draft.workDays : [1, 2, 3, 4, 5],
    });
  };
  const d = target.data;
  const summary = d
    ? d.businessHours
      ? t("assignment.target.summaryHours", { minutes: d.minutes, start: clock(d.dayStart), end: clock(d.dayEnd), zone: d.timeZone })
      : t("assignment.target.summary", { minutes: d.minutes })
    : "";
  return (
    <Card role="region" aria-labelledby="target-heading" className="space-y-3">
      <h2 id="target-heading" className="text-lg font-semibold">
        {t("assignment.target.title")}
      </h2>
      <p className="text-sm text-ink-muted">{t("assignment.target.lead")}</p>
      <p className="font-medium" data-testid="target-summary">
        {summary}
      </p>
      {admin && draft ? (
        <form className="grid gap-x-3 sm:grid-cols-2" onSubmit={submit} noValidate>
          <Field id="target-minutes" label={t("assignment.target.minutes")}>
            <Input
              id="target-minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={draft.minutes}
              onChange={(e) => setDraft({ ...draft, minutes: e.target.value })}
            />
          </Field>
          <Checkbox
            className="self-center"
            label={t("assignment.target.businessHours")}
            checked={draft.businessHours}
            onChange={(e) => setDraft({ ...draft, businessHours: e.target.checked })}
          />
          {draft.businessHours ? (
            <>
              <Field id="target-zone" label={t("assignment.target.timeZone")}>
                <Select id="target-zone" value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}>
                  {(ZONES.includes(draft.timeZone) ? ZONES : [draft.timeZone, ...ZONES]).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="grid grid-cols-2 gap-x-3">
                <Field id="target-start" label={t("assignment.target.dayStart")}>
                  <Input id="target-start" type="time" value={draft.dayStart} onChange={(e) => setDraft({ ...draft, dayStart: e.target.value })} />
                </Field>
                <Field id="target-end" label={t("assignment.target.dayEnd")}>
                  <Input id="target-end" type="time" value={draft.dayEnd} onChange={(e) => setDraft({ ...draft, dayEnd: e.target.value })} />
                </Field>
              </div>
              <fieldset className="sm:col-span-2">
                <legend className="mb-1 text-sm font-medium">{t("assignment.target.workDays")}</legend>
                <div className="flex flex-wrap gap-x-4">
                  {DAYS.map((day) => (
                    <Checkbox
                      key={day}
                      label={t(`assignment.target.day.${day}`)}
                      checked={draft.workDays.includes(day)}
                      onChange={(e) => setDraft({ ...draft, workDays: e.target.checked ? [...draft.workDays, day] : draft.workDays.filter((x) => x !== day) })}
                    />
                  ))}
                </div>
              </fieldset>
            </>
          ) : null}
          <div className="mt-3 sm:col-span-2">
            <Button variant="primary" type="submit" disabled={save.isPending}>
              {t("assignment.target.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
