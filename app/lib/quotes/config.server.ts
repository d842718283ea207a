import { resolve } from "node:path";
import { z } from "zod";
import { ACKNOWLEDGEMENTS_PER_HOUR } from "./acknowledgement.server";

/** Environment variables of the quote pipeline; each is documented in README.md ("Quote requests"). */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("QUOTE_NOTIFY_TO must be one or more e-mail addresses, separated by commas.")).min(1));

const envSchema = z.object({
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default("./data")),
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, "SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465.")
      .optional(),
  ),
  QUOTE_NOTIFY_TO: z.preprocess(blankAsUnset, addressList.optional()),
  QUOTE_FROM: z.preprocess(blankAsUnset, z.string().trim().optional()),
  QUOTE_RATE_LIMIT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "QUOTE_RATE_LIMIT must be a whole number of 1 or more." })
      .int("QUOTE_RATE_LIMIT must be a whole number of 1 or more.")
      .min(1, "QUOTE_RATE_LIMIT must be a whole number of 1 or more.")
      .default(30),
  ),
  QUOTE_EMAIL_RATE_LIMIT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "QUOTE_EMAIL_RATE_LIMIT must be a whole number of 1 or more." })
      .int("QUOTE_EMAIL_RATE_LIMIT must be a whole number of 1 or more.")
      .min(1, "QUOTE_EMAIL_RATE_LIMIT must be a whole number of 1 or more.")
      .default(5),
  ),
  QUOTE_EMAIL_RATE_WINDOW_MINUTES: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "QUOTE_EMAIL_RATE_WINDOW_MINUTES must be a positive number." })
      .positive("QUOTE_EMAIL_RATE_WINDOW_MINUTES must be a positive number.")
      .default(60),
  ),
  ACK_SITE_LIMIT_PER_HOUR: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "ACK_SITE_LIMIT_PER_HOUR must be a whole number of 1 or more." })
      .int("ACK_SITE_LIMIT_PER_HOUR must be a whole number of 1 or more.")
      .min(1, "ACK_SITE_LIMIT_PER_HOUR must be a whole number of 1 or more.")
      .default(ACKNOWLEDGEMENTS_PER_HOUR),
  ),
  QUOTE_RATE_WINDOW_MINUTES: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "QUOTE_RATE_WINDOW_MINUTES must be a positive number." })
      .positive("QUOTE_RATE_WINDOW_MINUTES must be a positive number.")
      .default(10),
  ),
});

export type MailConfig = { smtpUrl: string; to: string[]; from: string };

export type QuoteConfig = {
  /** Absolute folder holding quotes.db. */
  dataDir: string;
  /** null: notifications are off (the reason says why). */
  mail: MailConfig | null;
  mailOffReason?: string;
  /** Requests per client address: high, as a mobile carrier puts many buyers behind one. */
  rateLimit: { max: number; windowMs: number };
  /** Requests per buyer e-mail address, whatever the client address. */
  emailRateLimit: { max: number; windowMs: number };
  /** Acknowledgements the whole site sends per hour; past it a request is stored and the office told, the buyer not. */
  acknowledgementsPerHour: number;
};

export class QuoteConfigError extends Error {
  override name = "QuoteConfigError";
}

/** Reads and checks the environment; throws a QuoteConfigError naming every bad variable. */
export function readQuoteConfig(env: Record<string, string | undefined> = process.env): QuoteConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new QuoteConfigError(`Invalid quote configuration in the environment:\n${problems}`);
  }
  const vars = parsed.data;
  let mail: MailConfig | null = null;
  let mailOffReason: string | undefined;
  if (vars.SMTP_URL && vars.QUOTE_NOTIFY_TO) {
    mail = { smtpUrl: vars.SMTP_URL, to: vars.QUOTE_NOTIFY_TO, from: vars.QUOTE_FROM ?? vars.QUOTE_NOTIFY_TO[0]! };
  } else if (vars.SMTP_URL || vars.QUOTE_NOTIFY_TO) {
    mailOffReason = vars.SMTP_URL ? "QUOTE_NOTIFY_TO is not set" : "SMTP_URL is not set";
  } else {
    mailOffReason = "SMTP_URL and QUOTE_NOTIFY_TO are not set";
  }
  return {
    dataDir: resolve(vars.DATA_DIR),
    mail,
    mailOffReason,
    rateLimit: { max: vars.QUOTE_RATE_LIMIT, windowMs: Math.round(vars.QUOTE_RATE_WINDOW_MINUTES * 60_000) },
    emailRateLimit: {
      max: vars.QUOTE_EMAIL_RATE_LIMIT,
      windowMs: Math.round(vars.QUOTE_EMAIL_RATE_WINDOW_MINUTES * 60_000),
    },
    acknowledgementsPerHour: vars.ACK_SITE_LIMIT_PER_HOUR,
  };
}
