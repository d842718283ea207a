/**
 * The phone as WhatsApp names it (E.164 digits, "923001234567"), or null where WhatsApp cannot reach
 * it: a Pakistani mobile written nationally or internationally (03xx, +92 3xx, 0092 3xx), or another
 * country's number written with + or 00. A Pakistani landline (042…), an extension or words are not.
 * The same rule as the migration that gave the requests of before their number
 * (drizzle/0031_whatsapp_channel.sql), so old and new requests are matched alike. The quote form's
 * schema (browser and server) and the store's save path both call this one function.
 */
export function whatsappNumberOf(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[\s\-().+]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  if (/^03\d{9}$/.test(digits)) return `92${digits.slice(1)}`;
  if (/^3\d{9}$/.test(digits)) return `92${digits}`;
  if (/^00923\d{9}$/.test(digits)) return digits.slice(2);
  if (/^923\d{9}$/.test(digits)) return digits;
  if (digits.startsWith("00") && !digits.startsWith("0092") && digits.length >= 12 && digits.length <= 17)
    return digits.slice(2);
  if (trimmed.startsWith("+") && !digits.startsWith("92") && digits.length >= 10 && digits.length <= 15) return digits;
  return null;
}
