// A live stream for a staff session: it ends when the session does (signed out, expired, the
// account disabled), and a session holds at most STREAMS_PER_SESSION of them on one node. The
// session is checked again before each event is sent and every SESSION_RECHECK_MS while the
// stream is quiet, so a lead id never reaches a session that has ended, and a quiet stream is
// closed within seconds. A check the database cannot answer (a failover) is no ending: the
// stream stays (it is built to outlive a failover) and the next check decides. The count is
// per node (a stream lives in one node's memory); with N nodes a session holds at most
// N × STREAMS_PER_SESSION. A dashboard tab beyond the cap polls its list instead.
import { appTRPCError } from "../app-error.ts";

export const STREAMS_PER_SESSION = 4;
export const SESSION_RECHECK_MS = 2_000;

/** The staff session a stream belongs to: its id, and whether it still stands (one look-up; throws in an outage). */
export interface StreamSession {
  id: string;
  stillValid(): Promise<boolean>;
}

const open = new Map<string, number>();

/** Reserves a stream for `session` (a 429 beyond the cap) and runs `source` while the session lasts. */
export function sessionStream<T>(
  session: StreamSession,
  signal: AbortSignal | undefined,
  source: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const held = open.get(session.id) ?? 0;
  if (held >= STREAMS_PER_SESSION) throw appTRPCError("RATE_LIMITED", `at most ${STREAMS_PER_SESSION} live streams per session`, { retryAfterSeconds: 5 });
  open.set(session.id, held + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (open.get(session.id) ?? 1) - 1;
    if (left > 0) open.set(session.id, left);
    else open.delete(session.id);
  };
  // A client that leaves before the stream starts must not keep its place.
  signal?.addEventListener("abort", release, { once: true });
  return run(session, signal, source, release);
}

async function* run<T>(session: StreamSession, outer: AbortSignal | undefined, source: (signal: AbortSignal) => AsyncIterable<T>, release: () => void) {
  const ended = new AbortController();
  const end = () => ended.abort();
  outer?.addEventListener("abort", end, { once: true });
  const stands = () => session.stillValid().catch(() => true);
  const recheck = setInterval(() => {
    void stands().then((valid) => valid || end());
  }, SESSION_RECHECK_MS);
  try {
    for await (const event of source(ended.signal)) {
      if (ended.signal.aborted || !(await stands())) return;
      yield event;
    }
  } finally {
    clearInterval(recheck);
    outer?.removeEventListener("abort", end);
    release();
  }
}
