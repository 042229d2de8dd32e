import { SignInForm } from "./sign-in-form";

export const metadata = { title: "Staff sign-in" };

export default function SignInPage() {
  return (
    <article className="narrow">
      <h1>Staff sign-in</h1>
      <SignInForm />
    </article>
  );
}
