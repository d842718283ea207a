import { createHmac, timingSafeEqual } from "node:crypto";

/** Meta's header: "sha256=" and 64 lower-case hex digits of HMAC-SHA256(app secret, raw body). */
const HEADER = /^sha256=([0-9a-f]{64})$/;

/**
 * Whether a webhook's `X-Hub-Signature-256` header is Meta's signature of exactly these bytes. The
 * comparison is in constant time, so a forger learns nothing from how long a refusal takes; the header's
 * shape is checked first, as timingSafeEqual needs two buffers of one length.
 */
export function validSignature(rawBody: Buffer, header: string | null | undefined, appSecret: string): boolean {
  if (!appSecret || typeof header !== "string") return false;
  const match = HEADER.exec(header.trim().toLowerCase());
  if (!match) return false;
  const given = Buffer.from(match[1]!, "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header Meta would send with this body (for the stand-in and the tests). */
export const signatureOf = (rawBody: Buffer | string, appSecret: string) =>
  `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
