/**
 * How to reach FBR's Digital Invoicing API (PRAL's gateway); each variable is documented in README.md
 * ("FBR Digital Invoicing"). FBR_DI_TOKEN unset: invoices are not reported, and the desk says so.
 */
export type FbrConfig = {
  /** The Bearer token IRIS issues for the business's NTN (FBR_DI_TOKEN). Never logged or shown. */
  token: string;
  /** The gateway's origin (and path, behind a proxy), without a trailing slash (FBR_DI_URL). */
  url: string;
  /** FBR_DI_SANDBOX=1: the `_sb` endpoints and their scenario ids, for trying the integration out. */
  sandbox: boolean;
  /** How long one call may take before it counts as unanswered (FBR_DI_TIMEOUT_MS). */
  timeoutMs: number;
};

export class FbrConfigError extends Error {}

export const DEFAULT_FBR_URL = "https://gw.fbr.gov.pk";
export const DEFAULT_FBR_TIMEOUT_MS = 20_000;

const blank = (value: string | undefined) => value === undefined || value.trim() === "";

/** FBR's settings from the environment, or null when FBR_DI_TOKEN is unset; a bad value throws with its reason. */
export function readFbrConfig(env: Record<string, string | undefined> = process.env): FbrConfig | null {
  if (blank(env.FBR_DI_TOKEN)) return null;
  const token = env.FBR_DI_TOKEN!.trim();
  // The token goes into a header as it is: a pasted "Bearer …" or a line break would be refused by FBR.
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new FbrConfigError(
      "FBR_DI_TOKEN must be the token exactly as IRIS shows it: no spaces, no line breaks, without the word Bearer.",
    );
  return {
    token,
    url: readUrl(env.FBR_DI_URL),
    sandbox: readSandbox(env.FBR_DI_SANDBOX),
    timeoutMs: readTimeout(env.FBR_DI_TIMEOUT_MS),
  };
}

function readUrl(value: string | undefined): string {
  if (blank(value)) return DEFAULT_FBR_URL;
  const problem = `FBR_DI_URL must be the gateway's address, such as ${DEFAULT_FBR_URL}.`;
  let url: URL;
  try {
    url = new URL(value!.trim());
  } catch {
    throw new FbrConfigError(problem);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new FbrConfigError(problem);
  if (url.username || url.password)
    throw new FbrConfigError("FBR_DI_URL must not hold a user or password: the token goes in FBR_DI_TOKEN.");
  if (url.search || url.hash) throw new FbrConfigError(`${problem} No query or fragment.`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function readSandbox(value: string | undefined): boolean {
  if (blank(value)) return false;
  const trimmed = value!.trim();
  if (trimmed === "1") return true;
  if (trimmed === "0") return false;
  throw new FbrConfigError("FBR_DI_SANDBOX must be 1 (FBR's sandbox) or 0 or unset (production).");
}

function readTimeout(value: string | undefined): number {
  if (blank(value)) return DEFAULT_FBR_TIMEOUT_MS;
  const trimmed = value!.trim();
  const milliseconds = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(milliseconds >= 1_000 && milliseconds <= 120_000))
    throw new FbrConfigError("FBR_DI_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000.");
  return milliseconds;
}

/** The settings in words for owners and logs (the System page, start-up): never the token. */
export function describeFbr(config: FbrConfig | null): string {
  if (!config) return "Not reporting to FBR Digital Invoicing: FBR_DI_TOKEN is not set.";
  const where = config.url === DEFAULT_FBR_URL ? new URL(config.url).host : config.url;
  return `FBR Digital Invoicing ${config.sandbox ? "sandbox" : "production"} at ${where}, token set, timeout ${config.timeoutMs / 1000} s.`;
}
