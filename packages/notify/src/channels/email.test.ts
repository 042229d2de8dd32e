// The e-mail channel's library: nodemailer 10 (security fixes of 8–10: control characters kept
// out of header values, hardened SMTP connections). Fails if the lockfile drifts back to 7.x;
// delivery through it to a real SMTP server is tested in worker/delivery.test.ts.
import { createRequire } from "node:module";
import { expect, it } from "vitest";

it("sends with nodemailer 10 or newer", () => {
  const { version } = createRequire(import.meta.url)("nodemailer/package.json") as { version: string };
  expect(Number(version.split(".")[0])).toBeGreaterThanOrEqual(10);
});
