import { createHash, randomBytes } from "node:crypto";

/**
 * The secrets the site hands out (session ids, set-up links, proof links): 32 random bytes (256 bits),
 * base64url in a cookie or a URL (43 characters). Only their SHA-256 is stored, so a copy of the
 * database opens nothing.
 */
export const newSecret = () => randomBytes(32).toString("base64url");

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whether a text has a secret's shape: anything else is refused before it is looked up. */
export const isSecretShape = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);
