// The request fingerprint: "v1:" + SHA-256 of the RFC 8785 (JCS) canonical JSON of an
// operation's business parameters. Property order never matters; which fields count is
// declared per operation, so the key, trace ids, timestamps and other technical fields
// never reach the hash. Pure JS hashing (noble) so browser and server compute the same value.
import canonicalize from "canonicalize";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export const FINGERPRINT_VERSION = "v1";

export interface FingerprintSpec<T> {
  /** The business fields that define "the same operation"; everything else is ignored. */
  fields: readonly (keyof T & string)[];
  /**
   * true (the default): a field that is null, undefined or absent counts the same.
   * Arrays keep their order: no operation here has an order-free list.
   */
  nullEqualsMissing?: boolean;
}

/** The canonical business parameters that get hashed (useful in logs and tests). */
export function fingerprintMaterial<T extends object>(spec: FingerprintSpec<T>, params: T): string {
  const picked: Record<string, unknown> = {};
  for (const field of [...spec.fields].sort()) {
    const value = (params as Record<string, unknown>)[field];
    const missing = value === undefined || ((spec.nullEqualsMissing ?? true) && value === null);
    if (!missing) picked[field] = value;
  }
  const json = canonicalize(picked);
  if (json === undefined) throw new TypeError("fingerprint parameters cannot be serialised");
  return json;
}

export function computeFingerprint<T extends object>(spec: FingerprintSpec<T>, params: T): string {
  return `${FINGERPRINT_VERSION}:${bytesToHex(sha256(utf8ToBytes(fingerprintMaterial(spec, params))))}`;
}
