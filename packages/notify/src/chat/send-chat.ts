// Posts one message to a robot and says what became of it. These robots take no idempotency
// key, so a message is resent only when it certainly did not arrive: the platform said so
// (platforms.ts), or the connection was never made. A message that may have arrived (a timeout,
// a connection cut after the request went out) is "unknown": counted and shown, never resent
// by itself, so a flaky network cannot double every lead in the group.
import { PLATFORMS, type ChatPlatform, type ChatReading } from "./platforms.ts";

export type SendOutcome = ChatReading | { outcome: "unknown"; answer: string };

/** Errors that mean the request never reached the platform. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

export async function sendChat(
  target: { platform: ChatPlatform; url: string; secret: string | null },
  text: string,
  options: { timeoutMs: number; now?: Date },
): Promise<SendOutcome> {
  const spec = PLATFORMS[target.platform];
  const request = spec.request(target.url, target.secret, text, options.now ?? new Date());
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: request.body,
      // The URL is the robot's credential and the text a customer's data: nowhere else.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? "";
    if (NEVER_SENT.has(code)) return { outcome: "rejected", answer: `not sent: ${code}`, waitMs: 5_000 };
    const why = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : `connection lost: ${code || "unknown"}`;
    return { outcome: "unknown", answer: why };
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    // The status arrived but its body was cut: the platform got the message, its verdict is unknown.
    return { outcome: "unknown", answer: `HTTP ${response.status}, answer cut off` };
  }
  return spec.reading(response.status, body, response.headers.get("retry-after"));
}
