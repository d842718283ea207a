/**
 * A phone number as WhatsApp knows it: E.164 digits without "+" ("923001234567"), or null where the
 * number cannot be a WhatsApp account. The rule is the one drizzle/0031_whatsapp_channel.sql used for
 * the requests of before (a test runs that SQL against this), so old and new requests match alike:
 * - spaces, dashes, brackets, dots and "+" are dropped; anything else left (a letter, an extension) is not a number;
 * - a Pakistani mobile written nationally or internationally: 0300 1234567, 300 1234567, 92 300 1234567,
 *   +92 300 1234567, 0092 300 1234567;
 * - another country's number only with + or 00 in front (10 to 15 digits after it): without them
 *   "4155550123" could be anything;
 * - a Pakistani number that is not a mobile (042 for a Lahore landline) is not on WhatsApp.
 */
export function whatsappNumberOf(phone: string): string | null {
  const trimmed = phone.replace(/^ +| +$/g, "");
  const digits = trimmed.replace(/[ \-().+]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  if (/^03\d{9}$/.test(digits)) return `92${digits.slice(1)}`;
  if (/^3\d{9}$/.test(digits)) return `92${digits}`;
  if (/^00923\d{9}$/.test(digits)) return digits.slice(2);
  if (/^923\d{9}$/.test(digits)) return digits;
  if (digits.startsWith("00") && digits.slice(2, 4) !== "92" && digits.length >= 12 && digits.length <= 17)
    return digits.slice(2);
  if (trimmed.startsWith("+") && !digits.startsWith("92") && digits.length >= 10 && digits.length <= 15) return digits;
  return null;
}

/** A WhatsApp number for people: "+92 300 1234567" for a Pakistani mobile, "+442079460958" otherwise. */
export function whatsappDisplay(number: string): string {
  const pakistani = /^92(3\d{2})(\d{7})$/.exec(number);
  return pakistani ? `+92 ${pakistani[1]} ${pakistani[2]}` : `+${number}`;
}

/** Whether two numbers as people write them are the same WhatsApp account. */
export function sameWhatsAppNumber(a: string, b: string): boolean {
  const first = whatsappNumberOf(a);
  return first !== null && first === whatsappNumberOf(b);
}
