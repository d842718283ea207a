import { whatsappNumberOf } from "~/lib/whatsapp/phone";

/** "ext 212", "x212", "extn. 212", "#212": the part of a number that a switchboard dials. */
const EXTENSION = /\s*(?:\b(?:ext|extn|extension|x)\.?|#)\s*(\d{1,6})\s*$/i;

/**
 * A buyer's phone number in international form, digits only, and its extension if written. Pakistani
 * numbers written nationally (0300 1234567) get the country code 92; numbers with a + or 00 keep theirs.
 */
export function internationalNumber(phone: string): { digits: string; extension: string | null } | null {
  const extension = EXTENSION.exec(phone)?.[1] ?? null;
  const trimmed = phone.replace(EXTENSION, "").trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // already international
  } else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = `92${digits.slice(1)}`;
  else if (/^3\d{9}$/.test(digits)) digits = `92${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? { digits, extension } : null;
}

/**
 * The number wa.me takes, or null where WhatsApp cannot reach: a number with an extension (an office
 * switchboard) or a Pakistani number that is not a mobile (mobiles are 03xx; 042 is a Lahore landline).
 * The same rule as the WhatsApp channel's, so a link opens the conversation the desk files under that number.
 */
export const whatsappNumber = (phone: string): string | null => whatsappNumberOf(phone);

/** A `tel:` link (RFC 3966, with the extension) for any number the desk shows, or null. */
export function telHref(phone: string): string | null {
  const number = internationalNumber(phone);
  if (!number) return null;
  return `tel:+${number.digits}${number.extension ? `;ext=${number.extension}` : ""}`;
}

export const whatsappReplyUrl = (phone: string, reference: string, name: string) => {
  const number = whatsappNumber(phone);
  if (!number) return null;
  const text = `Hello ${name}, this is about your quote request ${reference}.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
};
