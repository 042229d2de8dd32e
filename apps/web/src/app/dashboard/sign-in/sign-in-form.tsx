"use client";
// One message for every failed sign-in, so the form never reveals whether an account exists.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "../auth-client";

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="sign-in-form"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setBusy(true);
        setError(null);
        void authClient.signIn
          .email({ email: data.get("email") as string, password: data.get("password") as string })
          .then(({ error: failure }) => {
            if (!failure) return router.push("/dashboard/leads");
            // 403 only after the right password (packages/auth): the account's holder may know it is disabled.
            const message: Record<number, string> = {
              429: "Too many attempts. Wait a minute and try again.",
              403: "This account is disabled. Ask an administrator.",
            };
            setError(message[failure.status] ?? "Wrong e-mail or password.");
          })
          .catch(() => setError("The server could not be reached. Try again."))
          .finally(() => setBusy(false));
      }}
    >
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <p className="field-error" role="alert">
        {error ?? ""}
      </p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
