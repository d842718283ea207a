/**
 * A buyer's phone number in the international form wa.me takes (digits only), or null. Pakistani
 * numbers written nationally (0300 1234567) get the country code 92; numbers with a + or 00 keep theirs.
 */
export function whatsappNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // already international
  } else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = `92${digits.slice(1)}`;
  else if (/^3\d{9}$/.test(digits)) digits = `92${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

export const whatsappReplyUrl = (phone: string, reference: string, name: string) => {
  const number = whatsappNumber(phone);
  if (!number) return null;
  const text = `Hello ${name}, this is about your quote request ${reference}.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
};
