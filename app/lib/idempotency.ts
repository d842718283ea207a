/**
 * A fresh key for one submission; every retry of that submission sends the same key, so the server
 * stores it once. randomUUID needs a secure context (https or localhost): otherwise random bytes.
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
