// The documented cases of POST /api/v1/sessions.
import { IdempotencyError } from "@once/idempotency";
import { AppError } from "../../app-error.ts";
import { SESSION_COOKIE } from "../../session/customer-session.ts";
import type { ExampleCase } from "./example-case.ts";
import { problem, SAMPLE_TOKEN } from "./sample-values.ts";

export const sessionCases: readonly ExampleCase[] = [
  {
    name: "created",
    summary: "A new session",
    description: `Send no body (or \`{}\`). The token is valid for \`expiresIn\` seconds; a caller without a valid session cookie also gets it as the \`${SESSION_COOKIE}\` cookie.`,
    status: 201,
    response: { token: SAMPLE_TOKEN, tokenType: "Bearer", expiresIn: 31536000 },
  },
  {
    name: "crossSite",
    summary: "A browser request made by another site",
    status: 403,
    invalid: { headers: { "Sec-Fetch-Site": "cross-site" } },
    response: problem(new AppError("FORBIDDEN", "sessions cannot be created from another site")),
  },
  {
    name: "unsupportedMediaType",
    summary: "A form body",
    description: "Anything but no body or a JSON one is refused, so an HTML form on another site cannot create a session in someone's browser.",
    status: 415,
    invalid: { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=b" },
    response: problem(new IdempotencyError("UNSUPPORTED_MEDIA_TYPE", "send no body or an application/json one (got application/x-www-form-urlencoded)")),
  },
  {
    name: "rateLimited",
    summary: "Too many new sessions from one address",
    description: "More than RATE_LIMIT_SESSIONS_PER_MINUTE new sessions from this client address, counted on all nodes together.",
    status: 429,
    response: problem(new AppError("RATE_LIMITED", "too many new sessions from this address; retry later", { retryAfterSeconds: 42 })),
  },
];
