// The stop under `next dev`. In production server.mjs runs the life cycle's hooks on
// SIGTERM/SIGINT (shutdown.ts); `next dev` has no such owner: its server process exits on the
// signal at once and its parent process SIGKILLs it 100 ms later, so every Ctrl-C lost the
// operation counts since the last flush (up to 5 s of them) and cut deliveries mid-way. The dev
// script sets NEXT_MANUAL_SIG_HANDLE (Next's documented switch: its server then leaves the
// signals to the app) and NEXT_EXIT_TIMEOUT_MS (how long its parent waits before SIGKILL); this
// runs the same hooks as production, then exits.
import "server-only";
import { env } from "~/env";
import { runStopHooks } from "./shutdown";

/** Short enough for a developer's Ctrl-C; the dev script's NEXT_EXIT_TIMEOUT_MS is longer. */
const DEV_STOP_MS = 5_000;

export function stopCleanlyUnderNextDev(report: (message: string) => void): void {
  if (!env.NEXT_MANUAL_SIG_HANDLE) return; // Next handles the signals itself
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      // Ctrl-C arrives twice: from the terminal (the whole process group) and from `next dev`.
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), DEV_STOP_MS); // never lingers, whatever hangs
      void runStopHooks(Date.now() + DEV_STOP_MS, report).then(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}
