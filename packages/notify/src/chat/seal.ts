// A chat channel's URL and secret at rest: AES-256-GCM under NOTIFY_SECRET_KEY (32 random
// bytes, Base64), each value with its own random 12-byte nonce, stored as
// "v1.<nonce>.<tag>.<ciphertext>" (Base64url). The URL is sealed too: it carries the robot's
// credential, and anyone holding it can post to the group. A database dump without the key
// reveals neither; a tampered value fails to open instead of sending elsewhere.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

/** The key from its Base64 form; throws a one-line reason when it is not 32 bytes. */
export function readSealKey(base64: string): Buffer {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32 || key.toString("base64").replace(/=+$/, "") !== base64.trim().replace(/=+$/, "")) {
    throw new Error("NOTIFY_SECRET_KEY must be 32 random bytes in Base64 (openssl rand -base64 32)");
  }
  return key;
}

export function seal(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** Opens a sealed value; throws when the key is another or the value was altered. */
export function unseal(key: Buffer, stored: string): string {
  const [version, nonce, tag, sealed] = stored.split(".");
  if (version !== VERSION || !nonce || !tag || sealed === undefined) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

/** The only part of a robot's URL ever shown again: its last four characters. */
export const urlHint = (url: string): string => `…${url.slice(-4)}`;
