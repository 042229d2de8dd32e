"use client";
// Copies the code block it sits in (the <pre> of its <figure>), read from the page rather than
// passed as a prop, so the code is not sent twice. Only /docs/api imports it: no other page's
// bundle carries it. Where the clipboard is refused (a page served over plain http, a denied
// permission), the code is selected instead and the button says how to copy it.
import { useRef, useState } from "react";

type State = "idle" | "copied" | "failed";

export function CopyButton({ labels, describedBy, className }: { labels: Record<State, string>; describedBy?: string; className?: string }) {
  const [state, setState] = useState<State>("idle");
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  const copy = async (button: HTMLButtonElement) => {
    const code = button.closest("figure")?.querySelector("pre");
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code.textContent ?? "");
      setState("copied");
    } catch {
      getSelection()?.selectAllChildren(code);
      setState("failed");
    }
    clearTimeout(reset.current); // a second press starts the wait again
    reset.current = setTimeout(() => setState("idle"), 2500);
  };
  return (
    <button type="button" aria-describedby={describedBy} className={className} onClick={(event) => void copy(event.currentTarget)}>
      {/* Announced when it changes to "Copied", without moving focus. */}
      <span aria-live="polite">{labels[state]}</span>
    </button>
  );
}
