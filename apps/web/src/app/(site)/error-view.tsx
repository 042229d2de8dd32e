"use client";
// A page that failed to render: said in the customer's language, with the request's reference
// (Next's digest, which the server's log line carries) and nothing of the error itself.
// Loaded by ./error.tsx only when a page fails.
import { Button, buttonClasses } from "@once/ui";
import { Icon, TriangleAlert } from "@once/ui/icons";
import { useI18n } from "~/i18n/i18n-provider";

export default function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <span aria-hidden className="mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon node={TriangleAlert} className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("errorPage.title")}</h1>
      <p className="mt-3 text-ink-muted">{t("errorPage.body")}</p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-ink-muted">{t("errorPage.reference", { digest: error.digest })}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button variant="primary" onClick={reset}>
          {t("errorPage.retry")}
        </Button>
        <a href="/me" className={buttonClasses({ variant: "secondary" })}>
          {t("nav.me")}
        </a>
      </div>
    </div>
  );
}
