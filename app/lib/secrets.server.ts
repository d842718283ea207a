import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";

/**
 * The secrets the site hands out (session ids, set-up links, proof links): 32 random bytes (256 bits),
 * base64url in a cookie or a URL (43 characters). Only their SHA-256 is stored, so a copy of the
 * database opens nothing.
 */
export const newSecret = () => randomBytes(32).toString("base64url");

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whether a text has a secret's shape: anything else is refused before it is looked up. */
export const isSecretShape = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);

/**
 * The key that seals what must be read again (a buyer's link, carried by every later mail): 32 random
 * bytes in its own file beside the database (created on first need, readable by the server only), so a
 * copy of the database alone still opens nothing (decision record 048).
 */
export function readOrCreateKey(file: string): Buffer {
  try {
    const descriptor = openSync(file, "wx", 0o600);
    try {
      const key = randomBytes(32);
      writeSync(descriptor, key);
      fsyncSync(descriptor);
      return key;
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = readFileSync(file);
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte key: restore it from the backup, or delete it.`);
  return key;
}

/** A secret sealed with the key (AES-256-GCM): nonce, tag and text, base64url. */
export function seal(secret: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const text = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), text]).toString("base64url");
}

/** The sealed secret, or null when it was sealed with another key or altered. */
export function unseal(sealed: string, key: Buffer): string | null {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
