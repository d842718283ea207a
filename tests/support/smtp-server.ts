import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// The quote tests' mail server: a real SMTP server in the test process, keeping every message it gets.

export type Received = { from: string; to: string[]; raw: string };
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({
          from,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    /** What was sent to `address` (the office's mails and the buyer's acknowledgement go to the same server). */
    to: (recipient: string) => received.filter((mail) => mail.to.includes(recipient)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port with nothing listening on it (the "mail server is down" case). */
export async function freeSmtpPort() {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

/** Quoted-printable soft breaks and escapes undone, so assertions read the message as written. */
export const decoded = (raw: string) =>
  raw
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function until(condition: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
