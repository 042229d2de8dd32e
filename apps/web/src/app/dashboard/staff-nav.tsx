"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { authClient } from "./auth-client";

export function StaffNav({ name, role }: { name: string; role: string }) {
  const router = useRouter();
  return (
    <nav className="staff-nav" aria-label="Dashboard">
      <Link href="/dashboard/leads">Leads</Link>
      <Link href="/dashboard/orders">Orders</Link>
      <Link href="/dashboard/ops">Operations</Link>
      <span className="muted">
        {name} ({role})
      </span>
      <button type="button" onClick={() => void authClient.signOut().then(() => router.push("/dashboard/sign-in"))}>
        Sign out
      </button>
    </nav>
  );
}
