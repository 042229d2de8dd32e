// The operation key: minted by the client once per operation, reused on every retry.
// The rule is defined once here (OPERATION_KEY_RULE) and everything else derives from it:
// the regular expression, the zod schema, the OpenAPI pattern and the words in refusals.
// 8-255 characters of [A-Za-z0-9._:-], so both UUIDv4 (what the web app mints) and the older lead
// form's `lead_1732950000000_k3j9xq` are accepted. A key must never carry personal data.
// zod/mini: this file is bundled into the browser.
import { z } from "zod/mini";

export const OPERATION_KEY_RULE = {
  minLength: 8,
  maxLength: 255,
  /** A regular-expression character class body. */
  characters: "A-Za-z0-9._:-",
  /** The same characters, listed and in words, for people. */
  charactersListed: "A-Z a-z 0-9 . _ : -",
  charactersInWords: "letters, digits and . _ : -",
} as const;

const { minLength, maxLength, characters, charactersListed, charactersInWords } = OPERATION_KEY_RULE;

/** For OpenAPI and other JSON-Schema consumers. */
export const OPERATION_KEY_PATTERN_SOURCE = `^[${characters}]{${minLength},${maxLength}}$`;
export const OPERATION_KEY_PATTERN = new RegExp(OPERATION_KEY_PATTERN_SOURCE);
/** "8-255 characters of A-Z a-z 0-9 . _ : -", for refusals and documentation. */
export const OPERATION_KEY_DESCRIPTION = `${minLength}-${maxLength} characters of ${charactersListed}`;

export const operationKeySchema = z
  .string()
  .check(
    z.minLength(minLength, `an operation key has at least ${minLength} characters`),
    z.maxLength(maxLength, `an operation key has at most ${maxLength} characters`),
    z.regex(new RegExp(`^[${characters}]+$`), `an operation key may only contain ${charactersInWords}`),
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
