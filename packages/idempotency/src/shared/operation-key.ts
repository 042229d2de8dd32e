// The operation key: minted by the client once per operation, reused on every retry.
// 8-255 characters of [A-Za-z0-9._:-], so both UUIDv4 (what the web app mints) and seed 000's
// `lead_1732950000000_k3j9xq` are accepted. A key must never carry personal data.
// zod/mini: this file is bundled into the browser.
import { z } from "zod/mini";

export const OPERATION_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,255}$/;

export const operationKeySchema = z.string().check(
  z.minLength(8, "an operation key has at least 8 characters"),
  z.maxLength(255, "an operation key has at most 255 characters"),
  z.regex(/^[A-Za-z0-9._:-]+$/, "an operation key may only contain letters, digits and . _ : -"),
);

export type OperationKey = z.infer<typeof operationKeySchema>;

export function isOperationKey(value: unknown): value is OperationKey {
  return typeof value === "string" && OPERATION_KEY_PATTERN.test(value);
}

/** A fresh UUIDv4 from the platform's CSPRNG (browser or Node). */
export function mintOperationKey(): OperationKey {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === "function") return cryptoApi.randomUUID();
  // randomUUID only exists in secure contexts; build the same v4 UUID by hand elsewhere.
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
