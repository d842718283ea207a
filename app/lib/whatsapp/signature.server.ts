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

/**
 * The answer to Meta's webhook verification (`GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`):
 * the challenge when the token is ours (compared in constant time), else null (answer 403). The challenge
 * is echoed as text, so only a plain one is: Meta's is digits.
 */
export function webhookChallenge(params: URLSearchParams, verifyToken: string): string | null {
  const token = params.get("hub.verify_token");
  const challenge = params.get("hub.challenge");
  if (params.get("hub.mode") !== "subscribe" || !verifyToken || token === null || challenge === null) return null;
  if (!/^[\w.-]{1,200}$/.test(challenge)) return null;
  const given = createHmac("sha256", "verify").update(token).digest();
  const expected = createHmac("sha256", "verify").update(verifyToken).digest();
  return timingSafeEqual(given, expected) ? challenge : null;
}
