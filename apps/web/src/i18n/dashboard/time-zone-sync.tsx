"use client";
// Reports the browser's time zone in the `tz` cookie; when it differs from the one this page
// was rendered with (a first visit, a laptop that travelled), the page re-renders on the server
// so every time on it is in the staff member's zone.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { TIME_ZONE_COOKIE, isTimeZone } from "../time-zone";
import { useDashboard } from "./dashboard-provider";

export function TimeZoneSync() {
  const { timeZone } = useDashboard();
  const router = useRouter();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!isTimeZone(browser) || browser === timeZone) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${browser}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  }, [timeZone, router]);
  return null;
}
