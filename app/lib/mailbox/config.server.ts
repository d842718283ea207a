import { z } from "zod";

/** Environment variables of the office mailbox reader; each is documented in README.md. */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const urlShape = "IMAP_URL must look like imaps://user:password@host:993 or imap://user:password@host:143.";

const envSchema = z.object({
  IMAP_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .transform((value, context) => {
        // The value is never repeated in a message: it holds the password.
        const url = URL.canParse(value) ? new URL(value) : null;
        const problem = !url
          ? urlShape
          : url.protocol !== "imap:" && url.protocol !== "imaps:"
            ? "IMAP_URL must start with imap:// or imaps://."
            : !url.hostname
              ? "IMAP_URL has no host."
              : url.port === "0"
                ? "IMAP_URL must have a port from 1 to 65535."
                : !url.username || !url.password
                  ? "IMAP_URL must name the user and the password (URL-encoded): imaps://user:password@host:993."
                  : (url.pathname !== "" && url.pathname !== "/") || url.search || url.hash
                    ? "IMAP_URL has nothing after the port; name the folder in IMAP_MAILBOX."
                    : undefined;
        if (problem || !url) {
          context.addIssue({ code: "custom", message: problem ?? urlShape });
          return z.NEVER;
        }
        const decoded = (part: string) => {
          try {
            return decodeURIComponent(part);
          } catch {
            return undefined;
          }
        };
        const user = decoded(url.username);
        const password = decoded(url.password);
        if (user === undefined || password === undefined) {
          context.addIssue({ code: "custom", message: "IMAP_URL has a user or password that is not URL-encoded." });
          return z.NEVER;
        }
        const secure = url.protocol === "imaps:";
        return {
          secure,
          host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
          port: url.port ? Number(url.port) : secure ? 993 : 143,
          user,
          password,
        };
      })
      .optional(),
  ),
  IMAP_MAILBOX: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .max(200, "IMAP_MAILBOX must be a folder name of at most 200 characters.")
      .regex(/^\P{Cc}*$/u, "IMAP_MAILBOX must not hold control characters.")
      .default("INBOX"),
  ),
  // RFC 8601's authserv-id: a host name as the office's mail server writes it in its headers.
  MAIL_AUTHSERV_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/,
        "MAIL_AUTHSERV_ID must be the mail server's authserv-id as its Authentication-Results headers write it, e.g. mail.example.pk.",
      )
      .optional(),
  ),
});

export type MailboxSettings = {
  secure: boolean;
  host: string;
  port: number;
  user: string;
  /** Not enumerable, so logging or serialising the settings does not show it. */
  readonly password: string;
  /** The folder read, e.g. INBOX. */
  mailbox: string;
  /**
   * The office mail server's authserv-id (MAIL_AUTHSERV_ID): only its Authentication-Results headers
   * are read. null: senders are not checked (the desk tells the owners).
   */
  authservId: string | null;
  /** The mailbox for a log line: imaps://user@host:993/INBOX, never the password. */
  label: string;
};

export type MailboxConfig = {
  /** null: the reader is off (the reason says why). */
  imap: MailboxSettings | null;
  offReason?: string;
};

export class MailboxConfigError extends Error {
  override name = "MailboxConfigError";
}

/** Reads and checks the environment; throws a MailboxConfigError naming every bad variable. */
export function readMailboxConfig(env: Record<string, string | undefined> = process.env): MailboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new MailboxConfigError(`Invalid mailbox configuration in the environment:\n${problems}`);
  }
  const { IMAP_URL: url, IMAP_MAILBOX: mailbox, MAIL_AUTHSERV_ID: authservId } = parsed.data;
  if (!url) return { imap: null, offReason: "IMAP_URL is not set" };
  const host = url.host.includes(":") ? `[${url.host}]` : url.host;
  const settings = {
    secure: url.secure,
    host: url.host,
    port: url.port,
    user: url.user,
    mailbox,
    authservId: authservId ?? null,
    label: `${url.secure ? "imaps" : "imap"}://${encodeURIComponent(url.user)}@${host}:${url.port}/${mailbox}`,
  };
  Object.defineProperty(settings, "password", { value: url.password, enumerable: false });
  return { imap: settings as MailboxSettings };
}
