/**
 * One e-mail address, by the rule the browser applies to the quote form's `<input type="email">`: the
 * HTML standard's "valid e-mail address" (its regular expression, word for word), so the server accepts
 * exactly what the form lets through. No commas, spaces, angle brackets or line breaks: never a list,
 * a display name or a header.
 */
const validEmailAddress =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The longest address SMTP carries (RFC 5321's path of 256, less its angle brackets). */
export const maxEmailAddressLength = 254;

export const isEmailAddress = (value: string) => value.length <= maxEmailAddressLength && validEmailAddress.test(value);

/**
 * A `mailto:` link to one valid address, or null. The local part may hold ? = & # and % (all valid in
 * an address), which a mailto URL reads as the start of its own headers (?bcc=…) or an escape: each part
 * is percent-encoded, so the link opens a message to this address and nothing else.
 */
export function mailtoAddressUrl(address: string): string | null {
  if (!isEmailAddress(address)) return null;
  const at = address.lastIndexOf("@");
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
