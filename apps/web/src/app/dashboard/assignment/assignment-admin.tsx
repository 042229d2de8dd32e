"use client";
// Who takes new leads and by which rules (packages/api/src/dashboard/assignment-admin.ts). Each
// person's availability can be switched by an admin, or by the person themselves; rules are
// added and deleted by admins. A rule whose members are all away says its leads fall back to
// round-robin; nobody available at all is said at the top of the page.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Checkbox, DataTable, Field, Input, Notice, Select } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { useTRPC } from "~/trpc/react";
import { errorText } from "../error-text";
import { protocolData } from "../protocol-code";
import { usePhone } from "../use-phone";
import { PageMessages, type PageMessage } from "../page-messages";
import { ResponseTargetForm } from "./response-target-form";

const REFUSALS = ["MEMBER_DISABLED", "TOO_MANY_RULES", "NOT_YOURS", "NOT_FOUND"] as const;

/** Why a change was refused, in the reader's language (a schema refusal names its field). */
function refusal(error: unknown, t: DashboardTranslate): string {
  const { code, fields } = protocolData(error);
  const known = REFUSALS.find((r) => r === code);
  if (known) return t("assignment.refused", { reason: t(`assignment.refusal.${known}`) });
  if (code === "VALIDATION_FAILED" && fields?.memberIds) return t("assignment.refused", { reason: t("assignment.refusal.needsMember") });
  if (code === "VALIDATION_FAILED") return t("assignment.refused", { reason: t("assignment.refusal.needsCondition") });
  return errorText(error, t);
}

type Language = "" | "zh" | "en";
interface Draft {
  guideId: string;
  keyword: string;
  language: Language;
  memberIds: string[];
}
const EMPTY_DRAFT: Draft = { guideId: "", keyword: "", language: "", memberIds: [] };

export function AssignmentAdmin({ self }: { self: { id: string; admin: boolean } }) {
  const trpc = useTRPC();
  const { t, locale } = useDashboard();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.dashboard.assignment.overview.queryOptions());
  const [message, setMessage] = useState<PageMessage | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.assignment.overview.queryKey() });
  const done = (text: string) => (setMessage({ tone: "success", text }), void refresh());
  const refused = (error: unknown) => setMessage({ tone: "danger", text: refusal(error, t) });

  const setAway = useMutation(
    trpc.dashboard.assignment.setAway.mutationOptions({
      onSuccess: (r, input) => {
        const name = overview.data?.people.find((p) => p.id === input.userId)?.name ?? "";
        done(t(r.away ? "assignment.markedAway" : "assignment.markedBack", { name }));
      },
      onError: refused,
    }),
  );
  const createRule = useMutation(
    trpc.dashboard.assignment.createRule.mutationOptions({
      onSuccess: () => (done(t("assignment.new.done")), setDraft(EMPTY_DRAFT)),
      onError: refused,
    }),
  );
  const deleteRule = useMutation(
    trpc.dashboard.assignment.deleteRule.mutationOptions({ onSuccess: () => done(t("assignment.rule.deleted")), onError: refused }),
  );

  const submitRule = (e: FormEvent) => {
    e.preventDefault();
    // Said here, in the page's language, before a request the server would refuse anyway.
    if (!draft.keyword.trim() && !draft.language && !draft.guideId)
      return setMessage({ tone: "danger", text: t("assignment.refused", { reason: t("assignment.refusal.needsCondition") }) });
    if (draft.memberIds.length === 0) return setMessage({ tone: "danger", text: t("assignment.refused", { reason: t("assignment.refusal.needsMember") }) });
    createRule.mutate({ keyword: draft.keyword, language: draft.language || null, guideId: draft.guideId || null, memberIds: draft.memberIds });
  };

  const data = overview.data;
  const people = data?.people ?? [];
  const inRoundRobin = new Set(data?.roundRobin ?? []);
  const roleText = (role: string) => (role === "admin" || role === "sales" ? t(`common.role.${role}`) : role);
  const availability = (p: { id: string; away: boolean }) => (
    <span className="inline-flex flex-wrap gap-1">
      {p.away ? <Badge tone="warning">{t("assignment.away")}</Badge> : <Badge tone="success">{t("assignment.available")}</Badge>}
      {inRoundRobin.has(p.id) ? <Badge tone="brand">{t("assignment.inRoundRobin")}</Badge> : null}
    </span>
  );
  const awayButton = (p: { id: string; away: boolean }) =>
    self.admin || p.id === self.id ? (
      <Button size="sm" disabled={setAway.isPending} onClick={() => setAway.mutate({ userId: p.id, away: !p.away })}>
        {t(p.away ? "assignment.markBack" : "assignment.markAway")}
      </Button>
    ) : null;

  return (
    <div className="space-y-6">
      <PageMessages message={message} loadError={overview.error} testId="assignment-message" />
      {data && data.roundRobin.length === 0 ? (
        <Notice tone="warning" data-testid="nobody-available">
          {t("assignment.nobody")}
        </Notice>
      ) : null}

      <section aria-labelledby="people-heading" className="space-y-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          {t("assignment.people")}
        </h2>
        {phone ? (
          <ul className="space-y-3">
            {people.map((p) => (
              <li key={p.id}>
                <Card data-testid="assignee-row" data-name={p.name} className="space-y-2 p-4">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium">{p.name}</span>
                    <span className="text-sm text-ink-muted">{roleText(p.role)}</span>
                    <span className="ms-auto">{availability(p)}</span>
                  </div>
                  <p className="text-sm text-ink-muted tabular-nums">{t("assignment.card.counts", { open: p.openLeads, lastWeek: p.lastWeek })}</p>
                  {awayButton(p)}
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <DataTable>
            <thead>
              <tr>
                <th scope="col">{t("assignment.col.name")}</th>
                <th scope="col">{t("assignment.col.role")}</th>
                <th scope="col">{t("assignment.col.availability")}</th>
                <th scope="col">{t("assignment.col.open")}</th>
                <th scope="col">{t("assignment.col.lastWeek")}</th>
                <th scope="col">
                  <span className="sr-only">{t("assignment.col.availability")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id} data-testid="assignee-row" data-name={p.name}>
                  <td>
                    {p.name}
                    <span className="block text-xs break-all text-ink-muted">{p.email}</span>
                  </td>
                  <td>{roleText(p.role)}</td>
                  <td>{availability(p)}</td>
                  <td className="tabular-nums">{p.openLeads}</td>
                  <td className="tabular-nums">{p.lastWeek}</td>
                  <td>{awayButton(p)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>

      <ResponseTargetForm admin={self.admin} onMessage={setMessage} />

      <section aria-labelledby="rules-heading" className="space-y-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          {t("assignment.rules")}
        </h2>
        <p className="text-sm text-ink-muted">{t("assignment.rulesLead")}</p>
        {data && data.rules.length === 0 ? <p className="text-sm">{t("assignment.noRules")}</p> : null}
        <ol className="space-y-3">
          {data?.rules.map((r, i) => (
            <li key={r.id}>
              <Card data-testid="assignment-rule" className="space-y-2 p-4">
                <div className="flex flex-wrap items-start gap-2">
                  <span className="text-sm font-semibold text-ink-muted tabular-nums">{i + 1}.</span>
                  <ul className="min-w-0 flex-1 space-y-0.5 text-sm">
                    {r.guide ? (
                      <li className="break-words">{t("assignment.rule.guide", { guide: locale === "en" ? r.guide.titleEn : r.guide.titleZh })}</li>
                    ) : null}
                    {r.keyword ? <li className="break-words">{t("assignment.rule.keyword", { keyword: r.keyword })}</li> : null}
                    {r.language === "zh" || r.language === "en" ? <li>{t(`assignment.rule.language.${r.language}`)}</li> : null}
                    <li>
                      {t("assignment.rule.members", {
                        members: r.members.map((m) => (m.available ? (m.name ?? m.id) : t("assignment.rule.memberAway", { name: m.name ?? m.id }))).join(", "),
                      })}
                    </li>
                  </ul>
                  {self.admin ? (
                    <Button size="sm" variant="ghost" disabled={deleteRule.isPending} onClick={() => deleteRule.mutate({ id: r.id })}>
                      {t("assignment.rule.delete")}
                    </Button>
                  ) : null}
                </div>
                {r.fallsBack ? (
                  <Notice tone="warning" data-testid="rule-falls-back">
                    {t("assignment.rule.fallsBack")}
                  </Notice>
                ) : null}
              </Card>
            </li>
          ))}
        </ol>
      </section>

      {self.admin ? (
        <Card role="region" aria-labelledby="new-rule-heading">
          <h2 id="new-rule-heading" className="mb-3 text-lg font-semibold">
            {t("assignment.new.title")}
          </h2>
          <form className="grid gap-x-3 sm:grid-cols-2" onSubmit={submitRule} noValidate>
            <Field id="rule-guide" label={t("assignment.new.guide")} className="sm:col-span-2">
              <Select id="rule-guide" value={draft.guideId} onChange={(e) => setDraft((d) => ({ ...d, guideId: e.target.value }))}>
                <option value="">{t("assignment.new.anyGuide")}</option>
                {(data?.guides ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {locale === "en" ? g.titleEn : g.titleZh}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="rule-keyword" label={t("assignment.new.keyword")} hint={t("assignment.new.keywordHint")}>
              <Input
                id="rule-keyword"
                maxLength={60}
                value={draft.keyword}
                aria-describedby="rule-keyword-hint"
                onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
              />
            </Field>
            <Field id="rule-language" label={t("assignment.new.language")}>
              <Select id="rule-language" value={draft.language} onChange={(e) => setDraft((d) => ({ ...d, language: e.target.value as Language }))}>
                <option value="">{t("assignment.new.anyLanguage")}</option>
                <option value="zh">{t("assignment.new.zh")}</option>
                <option value="en">{t("assignment.new.en")}</option>
              </Select>
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">{t("assignment.new.members")}</legend>
              <div className="flex flex-wrap gap-x-5">
                {people.map((p) => (
                  <Checkbox
                    key={p.id}
                    label={p.name}
                    checked={draft.memberIds.includes(p.id)}
                    onChange={(e) =>
                      setDraft((d) => ({ ...d, memberIds: e.target.checked ? [...d.memberIds, p.id] : d.memberIds.filter((id) => id !== p.id) }))
                    }
                  />
                ))}
              </div>
            </fieldset>
            <div className="mt-3 sm:col-span-2">
              <Button variant="primary" type="submit" disabled={createRule.isPending}>
                {t("assignment.new.submit")}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
