import nodemailer from "nodemailer";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import type { MailConfig } from "./config.server";

/** Sends what the messaging module's templates made; it knows the addresses mail goes from and to. */
export type Mailer = {
  readonly from: string;
  readonly to: readonly string[];
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** Sends notifications through the SMTP server in `SMTP_URL` (nodemailer). */
export function createSmtpMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // A mail server that hangs must not hold the outbox for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    from: config.from,
    to: config.to,
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
