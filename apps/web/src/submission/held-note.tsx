// What a press caught before the engine (./early-press.ts) says at once, before or after
// hydration: both texts are in the HTML and the form's `data-held` (set by that script, "online"
// or "offline") shows one. Nothing in it is React state, so it holds while React is not there.
// Drawn by the server pages and handed to the forms as a prop (as ./send-icon.tsx is): it then
// costs the forms' first-load JavaScript nothing.
import type { Translate } from "~/i18n/messages";

export function HeldNote({ t }: { t: Translate }) {
  return (
    <div role="status" aria-live="polite" className="mt-4 hidden text-sm font-medium group-data-held:block" data-testid="held-note">
      <p className="text-ink-muted group-data-[held=offline]:hidden">{t("status.submitting")}</p>
      <p className="hidden rounded-card border border-warning/40 bg-warning/10 p-3 text-ink group-data-[held=offline]:block" data-testid="saved-offline">
        {t("status.savedOffline")}
      </p>
    </div>
  );
}
