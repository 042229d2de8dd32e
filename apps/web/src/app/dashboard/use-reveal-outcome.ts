// A save's outcome (saved, refused, conflict, error) is brought into view when it arrives. On a
// phone the message area is often off the screen when the button is pressed: above the invite
// form on the staff page, just below the controls on a lead's or an order's page (the reader
// scrolled only far enough to reach them); without this a save looks as if nothing happened.
import { useEffect, useRef } from "react";

/** A ref for the message area: each new truthy `outcome` scrolls it into view, no further than needed. */
export function useRevealOutcome<T extends HTMLElement>(outcome: unknown) {
  const area = useRef<T>(null);
  useEffect(() => {
    if (outcome) area.current?.scrollIntoView({ block: "nearest" });
  }, [outcome]);
  return area;
}

/**
 * A mutation's outcome as a value that changes with every settled attempt (0 while idle or
 * pending), so the same conflict twice is revealed twice. The mutations of the lead and order
 * pages settle only after their refetch (onSuccess returns it), so the reveal sees the new layout.
 */
export const settledAt = (mutation: { isSuccess: boolean; isError: boolean; submittedAt: number }): number =>
  mutation.isSuccess || mutation.isError ? mutation.submittedAt : 0;
