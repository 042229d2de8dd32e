import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, PageHeader } from "@once/ui";
import { dashboardT } from "~/i18n/dashboard/server";
import { requireSignedInStaff } from "~/server/staff-session";
import { PasswordForm } from "./password-form";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({ title: (await dashboardT())("password.title") });

/**
 * Where every dashboard page sends a member signed in with a temporary password (requireStaff).
 * Anyone else has nothing to do here: their password changes through an admin.
 */
export default async function PasswordPage() {
  const [staff, t] = await Promise.all([requireSignedInStaff(), dashboardT()]);
  if (!staff.mustChangePassword) redirect("/dashboard");
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("password.title")} lead={t("password.lead")} />
      <Card>
        <PasswordForm email={staff.email.toLowerCase()} />
      </Card>
    </div>
  );
}
