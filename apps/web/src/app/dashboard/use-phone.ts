"use client";
// True on a phone-sized screen (under Tailwind's `sm`, 640 px): the lead, order and staff lists show
// cards there instead of their tables.
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 639.98px)";
const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};

export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
