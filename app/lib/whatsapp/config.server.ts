import type { WhatsAppConfig } from "./types";

/**
 * The WhatsApp Cloud API's settings; each variable is documented in README.md ("WhatsApp"). None of the
 * four credentials set: WhatsApp is off and the desk offers click-to-chat as before. Some set but not
 * all: a start-up error naming the missing ones, rather than a channel that half works.
 */
export class WhatsAppConfigError extends Error {
  override name = "WhatsAppConfigError";
}

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

const required = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

const blank = (value: string | undefined) => value === undefined || value.trim() === "";

/** WhatsApp's settings from the environment, or null when none is set; a missing or bad value throws with its reason. */
export function readWhatsAppConfig(env: Record<string, string | undefined> = process.env): WhatsAppConfig | null {
  const missing = required.filter((name) => blank(env[name]));
  if (missing.length === required.length) return null;
  if (missing.length > 0)
    throw new WhatsAppConfigError(
      `WhatsApp is half configured: ${list(missing)} ${missing.length === 1 ? "is" : "are"} not set. Set all of ${list([...required])}, or none to keep WhatsApp off.`,
    );
  const value = (name: (typeof required)[number]) => env[name]!.trim();
  // Each goes into a header or a comparison as it is: a pasted space, line break or "Bearer " would never match.
  const token = value("WHATSAPP_TOKEN");
  if (!/^[\x21-\x7e]+$/.test(token) || /^bearer$/i.test(token))
    throw new WhatsAppConfigError(
      "WHATSAPP_TOKEN must be the access token exactly as Meta shows it: no spaces, no line breaks, without the word Bearer.",
    );
  const phoneNumberId = value("WHATSAPP_PHONE_NUMBER_ID");
  if (!/^\d{5,20}$/.test(phoneNumberId))
    throw new WhatsAppConfigError(
      "WHATSAPP_PHONE_NUMBER_ID must be the Phone number ID from the app's WhatsApp API Setup page (digits only), not the phone number.",
    );
  const appSecret = value("WHATSAPP_APP_SECRET");
  if (!/^[\x21-\x7e]{16,}$/.test(appSecret))
    throw new WhatsAppConfigError(
      "WHATSAPP_APP_SECRET must be the App secret from the Meta app's Basic settings (32 characters, no spaces).",
    );
  const verifyToken = value("WHATSAPP_VERIFY_TOKEN");
  if (!/^[\x21-\x7e]{8,200}$/.test(verifyToken))
    throw new WhatsAppConfigError(
      "WHATSAPP_VERIFY_TOKEN must be 8 to 200 characters without spaces, the same as typed in the webhook's Verify token field.",
    );
  return { token, phoneNumberId, appSecret, verifyToken, apiUrl: readApiUrl(env.WHATSAPP_API_URL) };
}

function readApiUrl(value: string | undefined): string {
  if (blank(value)) return DEFAULT_WHATSAPP_API_URL;
  const problem = `WHATSAPP_API_URL must be the Graph API's address with its version, such as ${DEFAULT_WHATSAPP_API_URL}.`;
  let url: URL;
  try {
    url = new URL(value!.trim());
  } catch {
    throw new WhatsAppConfigError(problem);
  }
  // The token travels with every call: only over TLS, except to a stand-in on this machine.
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    throw new WhatsAppConfigError(`${problem} It must start with https:// (http:// only for 127.0.0.1 or localhost).`);
  if (url.username || url.password)
    throw new WhatsAppConfigError(
      "WHATSAPP_API_URL must not hold a user or password: the token goes in WHATSAPP_TOKEN.",
    );
  if (url.search || url.hash) throw new WhatsAppConfigError(`${problem} No query or fragment.`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The settings in words for owners and logs (the System page, start-up): never the token or the secrets. */
export function describeWhatsApp(config: WhatsAppConfig | null): string {
  if (!config) return "WhatsApp Cloud API off: WHATSAPP_TOKEN and the rest are not set; the desk offers click-to-chat.";
  const where = config.apiUrl === DEFAULT_WHATSAPP_API_URL ? new URL(config.apiUrl).host : config.apiUrl;
  return `WhatsApp Cloud API at ${where} for phone number ID ${config.phoneNumberId}, token and app secret set.`;
}

const list = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
