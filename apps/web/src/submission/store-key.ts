// The localStorage entry that holds this browser's submissions (./submission-client.ts). Its
// own module so the first load can ask "is anything stored?" without the engine.
export const SUBMISSION_STORE_KEY = "once-submissions-v1";

/** Whether a submission is stored (one to resume, or a receipt to show): the engine is needed at once. */
export function hasStoredSubmissions(): boolean {
  try {
    return localStorage.getItem(SUBMISSION_STORE_KEY) !== null;
  } catch {
    return false; // storage disabled: nothing can have been stored
  }
}
