"use client";
// One message for every failed sign-in, so the form never reveals whether an account exists.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, Field, Input } from "@once/ui";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import type { DashboardKey } from "~/i18n/dashboard";
import { authClient } from "../auth-client";

// 403 only after the right password (packages/auth): the account's holder may know it is disabled.
const FAILURE: Record<number, DashboardKey> = { 429: "common.signIn.tooMany", 403: "common.signIn.disabled" };

/** `returnTo`: where a successful sign-in goes, a dashboard path already checked by the page (server/return-path.ts). */
export function SignInForm({ returnTo }: { returnTo: string }) {
  const { t } = useDashboard();
  const router = useRouter();
  const [error, setError] = useState<DashboardKey | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="sign-in-form space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setBusy(true);
        setError(null);
        void authClient.signIn
          .email({ email: data.get("email") as string, password: data.get("password") as string })
          .then(({ error: failure }) => {
            // refresh(): the dashboard's layout (header, navigation) is kept across client
            // navigations, and it was rendered for nobody.
            if (!failure) return (router.push(returnTo), router.refresh());
            setError(FAILURE[failure.status] ?? "common.signIn.wrong");
          })
          .catch(() => setError("common.signIn.unreachable"))
          .finally(() => setBusy(false));
      }}
    >
      <Field id="email" label={t("common.signIn.email")}>
        <Input id="email" name="email" type="email" autoComplete="username" required />
      </Field>
      <Field id="password" label={t("common.signIn.password")}>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <p className="min-h-5 text-sm font-medium text-danger" role="alert">
        {error ? t(error) : ""}
      </p>
      <Button type="submit" variant="primary" block disabled={busy}>
        {busy ? t("common.signIn.busy") : t("common.signIn.submit")}
      </Button>
    </form>
  );
}
