"use client";
// The dashboard's header: product name, the destinations (./nav-items.ts; the current one
// marked), the language switch the customer pages use, who is signed in and "sign out".
// Without a signed-in member (the sign-in page) it shows only the name and the language switch;
// a member who must first replace a temporary password (the password page) sees no destinations.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { Button, cx } from "@once/ui";
import { Icon, Inbox } from "@once/ui/icons";
import { useDashboard } from "~/i18n/dashboard/dashboard-provider";
import { languageIcon } from "../language-icon";
import { LanguageSwitcher } from "../language-switcher";
import { authClient } from "./auth-client";
import { NAV_ITEMS } from "./nav-items";

export function DashboardHeader({ staff }: { staff: { name: string; role: "admin" | "sales"; mustChangePassword: boolean } | null }) {
  const { t } = useDashboard();
  const router = useRouter();
  const pathname = usePathname();
  const signedInAs = staff ? t("common.signedInAs", { name: staff.name, role: t(`common.role.${staff.role}`) }) : null;
  const items = staff && !staff.mustChangePassword ? NAV_ITEMS.filter((item) => !item.adminOnly || staff.role === "admin") : [];
  return (
    <header className="border-b border-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/dashboard/leads" className="inline-flex items-center gap-2 text-base font-bold text-ink">
          <span aria-hidden className="inline-flex size-8 items-center justify-center rounded-control bg-brand text-on-brand">
            <Icon node={Inbox} className="size-4.5" />
          </span>
          {t("common.product")}
        </Link>
        {items.length ? (
          <nav aria-label={t("common.nav.label")} className="order-last flex w-full gap-1 overflow-x-auto md:order-none md:w-auto">
            {items.map((item) => {
              const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "inline-flex min-h-10 shrink-0 items-center rounded-control px-3 text-sm font-medium whitespace-nowrap",
                    current ? "bg-brand-soft text-brand-strong" : "text-ink-muted hover:bg-surface-muted hover:text-ink",
                  )}
                >
                  {t(item.label)}
                </Link>
              );
            })}
          </nav>
        ) : null}
        <div className="ms-auto flex flex-wrap items-center gap-x-3 gap-y-2">
          <LanguageSwitcher icon={languageIcon} />
          {signedInAs ? (
            <div className="flex items-center gap-2 text-sm">
              {/* Written out on wide screens only: beside an admin's seven destinations it would
                  push the header to a second row on a 1280-pixel screen; elsewhere it is the
                  sign-out button's tooltip and accessible description. */}
              <span id="signed-in-as" className="hidden text-ink-muted 2xl:inline">
                {signedInAs}
              </span>
              <Button
                size="sm"
                title={signedInAs}
                aria-describedby="signed-in-as"
                onClick={() => void authClient.signOut().then(() => (router.push("/dashboard/sign-in"), router.refresh()))}
              >
                {t("common.signOut")}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </header>
  );
}
