"use client";
// The member's own password in place of the temporary one: the temporary one typed again, the
// new one twice (a typo would lock them out, so the page compares the two before sending). The
// server verifies the temporary one and applies the staff password policy; its refusals are
// worded as on the staff page (../staff/refusal-text.ts). Saved, the dashboard opens: refresh()
// renders the layout again, now with the navigation the temporary password hid.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, Field, Input, Notice } from "@once/ui";
import { CircleAlert, Icon } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { useTRPC } from "~/trpc/react";
import { refusalText } from "../staff/refusal-text";

/** `email`: the member's, as a hidden user name for password managers. */
export function PasswordForm({ email }: { email: string }) {
  const trpc = useTRPC();
  const { t } = useDashboard();
  const router = useRouter();
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useMutation(
    trpc.dashboard.password.change.mutationOptions({
      onSuccess: () => (router.push("/dashboard"), router.refresh()),
      onError: (error) => setRefusal(refusalText(error, t)),
    }),
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const [currentPassword, newPassword, confirm] = ["current", "new", "confirm"].map((name) => {
          const value = data.get(name);
          return typeof value === "string" ? value : "";
        });
        setRefusal(null);
        if (newPassword !== confirm) return setRefusal(t("password.mismatch"));
        change.mutate({ currentPassword: currentPassword ?? "", newPassword: newPassword ?? "" });
      }}
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="current-password" label={t("password.current")}>
        <Input id="current-password" name="current" type="password" autoComplete="current-password" required />
      </Field>
      <Field id="new-password" label={t("password.new")} hint={t("password.newHint")}>
        <Input id="new-password" name="new" type="password" autoComplete="new-password" required aria-describedby="new-password-hint" />
      </Field>
      <Field id="confirm-password" label={t("password.confirm")}>
        <Input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required />
      </Field>
      <div aria-live="polite">
        {refusal ? (
          <Notice tone="danger" icon={<Icon node={CircleAlert} />} data-testid="password-message">
            {refusal}
          </Notice>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">{t("password.otherSessions")}</p>
      <Button type="submit" variant="primary" block disabled={change.isPending || change.isSuccess}>
        {change.isPending ? t("password.busy") : t("password.submit")}
      </Button>
    </form>
  );
}
