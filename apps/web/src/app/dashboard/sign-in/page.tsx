import type { Metadata } from "next";
import { Card, PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { safeReturnPath } from "~/server/return-path";
import { SignInForm } from "./sign-in-form";

export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("common.signIn.title") });

/** `?next=`: the dashboard page a signed-out member was sent here from (a lead's take link). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const [t, { next }] = await Promise.all([dashboardT(), searchParams]);
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("common.signIn.title")} />
      <Card>
        <SignInForm returnTo={safeReturnPath(next)} />
      </Card>
    </div>
  );
}
