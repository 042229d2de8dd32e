// The localStorage entries the engine starts from: this browser's submissions
// (./submission-client.ts) and the presses caught before the engine was there
// (./early-press.ts), with the other names that inline script shares with the page. Their own
// module so the first load can ask "is anything stored?" without the engine or the script.
export const SUBMISSION_STORE_KEY = "once-submissions-v1";
/** The presses caught before the engine was there. */
export const PRESSED_INTENTS_KEY = "once-pressed-v1";
/** The event ./early-press.ts dispatches on a form whose press it stored. */
export const HELD_EVENT = "once:held";
/** Set on <html> by the first effect after hydration (./engine-provider.tsx). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Entries whose appearance (in this tab or another) means the engine is needed. */
export const ENGINE_STORE_KEYS: readonly string[] = [SUBMISSION_STORE_KEY, PRESSED_INTENTS_KEY];

/** Whether a submission or a press is stored (one to send or resume, a receipt to show): the engine is needed at once. */
export function hasStoredSubmissions(): boolean {
  try {
    return ENGINE_STORE_KEYS.some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false; // storage disabled: nothing can have been stored
  }
}
