"use client";
// The chat channels an admin manages (packages/api/src/dashboard/chat-channels-admin.ts): each
// with what it carried in the last day, its pause and last refusal, a test message whose
// outcome is the platform's verdict in the reader's language, replacing its URL or secret,
// resending the leads of unanswered messages, deleting it; and the form that adds one. A URL
// or secret is never shown again once saved: only the URL's last characters.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Field, Input, Notice, Select } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardTranslate } from "~/i18n/dashboard";
import { useTRPC } from "~/trpc/react";
import { errorText } from "../error-text";
import { PageMessages, type PageMessage } from "../page-messages";
import { protocolData } from "../protocol-code";

const PLATFORMS = ["wecom", "dingtalk", "feishu", "slack"] as const;
type Platform = (typeof PLATFORMS)[number];
const SIGNED: ReadonlySet<Platform> = new Set(["dingtalk", "feishu"]);
/** What each platform's URL looks like, for the hint under the field. */
const EXAMPLES: Record<Platform, string> = {
  wecom: "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…",
  dingtalk: "https://oapi.dingtalk.com/robot/send?access_token=…",
  feishu: "https://open.feishu.cn/open-apis/bot/v2/hook/…",
  slack: "https://hooks.slack.com/services/T…/B…/…",
};
const REFUSALS = ["URL_NOT_PLATFORM", "SECRET_REQUIRED", "SECRET_NOT_PLATFORM", "KEY_MISSING", "TOO_MANY_CHANNELS", "FROM_ENVIRONMENT", "NOT_FOUND"] as const;

/** Why a change was refused, in the reader's language. */
function refusal(error: unknown, t: DashboardTranslate, platform: Platform): string {
  const { code } = protocolData(error);
  const known = REFUSALS.find((r) => r === code);
  if (known) return t("channels.saveRefused", { reason: t(`channels.refusal.${known}`, { platform: t(`channels.platform.${platform}`) }) });
  return errorText(error, t);
}

type Draft = { platform: Platform; name: string; language: "zh-CN" | "en"; url: string; secret: string };
const EMPTY: Draft = { platform: "wecom", name: "", language: "zh-CN", url: "", secret: "" };

export function ChannelsAdmin() {
  const trpc = useTRPC();
  const { t, time } = useDashboard();
  const queryClient = useQueryClient();
  const channels = useQuery(trpc.dashboard.channels.list.queryOptions());
  const [message, setMessage] = useState<PageMessage | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [replacing, setReplacing] = useState<{ id: string; platform: Platform; url: string; secret: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.channels.list.queryKey() });
  const done = (text: string) => (setMessage({ tone: "success", text }), void refresh());
  const refusedFor = (platform: Platform) => (error: unknown) => setMessage({ tone: "danger", text: refusal(error, t, platform) });

  const create = useMutation(
    trpc.dashboard.channels.create.mutationOptions({ onSuccess: () => (done(t("channels.added")), setDraft(EMPTY)), onError: refusedFor(draft.platform) }),
  );
  const replace = useMutation(
    trpc.dashboard.channels.replace.mutationOptions({
      onSuccess: () => (done(t("channels.replaced")), setReplacing(null)),
      onError: refusedFor(replacing?.platform ?? "wecom"),
    }),
  );
  const remove = useMutation(trpc.dashboard.channels.delete.mutationOptions({ onSuccess: () => done(t("channels.deleted")), onError: refusedFor("wecom") }));
  const resend = useMutation(
    trpc.dashboard.channels.resendUnknown.mutationOptions({ onSuccess: (r) => done(t("channels.resent", { count: r.leads })), onError: refusedFor("wecom") }),
  );
  const test = useMutation(
    trpc.dashboard.channels.test.mutationOptions({
      onSuccess: (r, input) => {
        const name = channels.data?.find((c) => c.id === input.id)?.name ?? "";
        const verdict = r.outcome === "failed" ? r.reason : r.outcome;
        setMessage({ tone: r.outcome === "delivered" ? "success" : "danger", text: t(`channels.testOutcome.${verdict}`, { name, answer: r.answer }) });
        void refresh();
      },
      onError: refusedFor("wecom"),
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Said here, in the page's language, before a request the server would refuse anyway.
    if (!draft.name.trim()) return setMessage({ tone: "danger", text: t("channels.saveRefused", { reason: t("channels.refusal.needsName") }) });
    if (!draft.url.trim()) return setMessage({ tone: "danger", text: t("channels.saveRefused", { reason: t("channels.refusal.needsUrl") }) });
    create.mutate({
      platform: draft.platform,
      name: draft.name,
      language: draft.language,
      url: draft.url,
      secret: SIGNED.has(draft.platform) ? draft.secret : null,
    });
  };
  const submitReplace = (e: FormEvent) => {
    e.preventDefault();
    if (!replacing) return;
    if (!replacing.url.trim()) return setMessage({ tone: "danger", text: t("channels.saveRefused", { reason: t("channels.refusal.needsUrl") }) });
    replace.mutate({ id: replacing.id, url: replacing.url, secret: SIGNED.has(replacing.platform) ? replacing.secret : null });
  };

  const secretField = (id: string, platform: Platform, value: string, onChange: (value: string) => void) =>
    SIGNED.has(platform) ? (
      <Field id={id} label={t("channels.secret")} hint={t("channels.secretHint", { form: t(`channels.secretForm.${platform as "dingtalk" | "feishu"}`) })}>
        <Input
          id={id}
          type="password"
          autoComplete="off"
          maxLength={200}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
    ) : null;

  return (
    <div className="space-y-6">
      <PageMessages message={message} loadError={channels.error} testId="channels-message" />
      {channels.data && channels.data.length === 0 ? <p className="text-sm">{t("channels.none")}</p> : null}
      <ul className="space-y-3">
        {channels.data?.map((c) => (
          <li key={c.id}>
            <Card data-testid="chat-channel" data-name={c.name} className="space-y-2 p-4">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium break-words">{c.name}</span>
                <span className="text-sm text-ink-muted">{t(`channels.platform.${c.platform}`)}</span>
                <span className="text-sm text-ink-muted tabular-nums">{c.hint}</span>
                <span className="ms-auto flex flex-wrap gap-1">
                  {c.fromEnv ? <Badge tone="neutral">{t("channels.fromEnv")}</Badge> : null}
                  {c.paused && c.pausedUntil ? <Badge tone="warning">{t("channels.paused", { time: time(c.pausedUntil, "time") })}</Badge> : null}
                </span>
              </div>
              <p className="text-sm text-ink-muted tabular-nums">{t("channels.stats", { ...c.last24h, waiting: c.waitingLeads })}</p>
              {!c.ready ? <Notice tone="warning">{t("channels.notReady")}</Notice> : null}
              {c.lastError ? <p className="text-sm break-words text-danger">{t("channels.lastError", { answer: c.lastError })}</p> : null}
              {c.unknownLeads > 0 ? (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{t("channels.unknownLeads", { count: c.unknownLeads })}</span>
                  <Button size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ id: c.id })}>
                    {t("channels.resend")}
                  </Button>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="primary" disabled={test.isPending || !c.ready} onClick={() => test.mutate({ id: c.id })}>
                  {t("channels.test")}
                </Button>
                {!c.fromEnv ? (
                  <>
                    <Button size="sm" onClick={() => setReplacing({ id: c.id, platform: c.platform, url: "", secret: "" })}>
                      {t("channels.replace")}
                    </Button>
                    <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate({ id: c.id })}>
                      {t("channels.delete")}
                    </Button>
                  </>
                ) : null}
              </div>
              {replacing?.id === c.id ? (
                <form className="grid gap-x-3 border-t border-line pt-3 sm:grid-cols-2" onSubmit={submitReplace} noValidate>
                  <Field id={`replace-url-${c.id}`} label={t("channels.url")} hint={t("channels.urlHint", { example: EXAMPLES[c.platform] })}>
                    <Input
                      id={`replace-url-${c.id}`}
                      autoComplete="off"
                      maxLength={500}
                      value={replacing.url}
                      aria-describedby={`replace-url-${c.id}-hint`}
                      onChange={(e) => setReplacing({ ...replacing, url: e.target.value })}
                    />
                  </Field>
                  {secretField(`replace-secret-${c.id}`, c.platform, replacing.secret, (secret) => setReplacing({ ...replacing, secret }))}
                  <div className="flex gap-2 sm:col-span-2">
                    <Button size="sm" variant="primary" type="submit" disabled={replace.isPending}>
                      {t("channels.replaceSubmit")}
                    </Button>
                    <Button size="sm" onClick={() => setReplacing(null)}>
                      {t("channels.cancel")}
                    </Button>
                  </div>
                </form>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>

      <Card role="region" aria-labelledby="new-channel-heading">
        <h2 id="new-channel-heading" className="mb-3 text-lg font-semibold">
          {t("channels.add")}
        </h2>
        <form className="grid gap-x-3 sm:grid-cols-2" onSubmit={submit} noValidate>
          <Field id="channel-platform" label={t("channels.platform")}>
            <Select id="channel-platform" value={draft.platform} onChange={(e) => setDraft((d) => ({ ...d, platform: e.target.value as Platform }))}>
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {t(`channels.platform.${p}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="channel-name" label={t("channels.name")} hint={t("channels.nameHint")}>
            <Input
              id="channel-name"
              maxLength={60}
              value={draft.name}
              aria-describedby="channel-name-hint"
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
          </Field>
          <Field id="channel-url" label={t("channels.url")} hint={t("channels.urlHint", { example: EXAMPLES[draft.platform] })} className="sm:col-span-2">
            <Input
              id="channel-url"
              autoComplete="off"
              maxLength={500}
              value={draft.url}
              aria-describedby="channel-url-hint"
              onChange={(e) => setDraft((d) => ({ ...d, url: e.target.value }))}
            />
          </Field>
          {secretField("channel-secret", draft.platform, draft.secret, (secret) => setDraft((d) => ({ ...d, secret })))}
          <Field id="channel-language" label={t("channels.language")}>
            <Select id="channel-language" value={draft.language} onChange={(e) => setDraft((d) => ({ ...d, language: e.target.value as Draft["language"] }))}>
              <option value="zh-CN">{t("channels.language.zh-CN")}</option>
              <option value="en">{t("channels.language.en")}</option>
            </Select>
          </Field>
          <div className="mt-3 sm:col-span-2">
            <Button variant="primary" type="submit" disabled={create.isPending}>
              {t("channels.submit")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
