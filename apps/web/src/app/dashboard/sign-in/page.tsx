import type { Metadata } from "next";
import { Card, PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { SignInForm } from "./sign-in-form";

export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("common.signIn.title") });

export default async function SignInPage() {
  const t = await dashboardT();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("common.signIn.title")} />
      <Card>
        <SignInForm />
      </Card>
    </div>
  );
}
