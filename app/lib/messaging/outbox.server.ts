import { backoffDelay } from "~/lib/backoff";
import { WorkerLoop } from "~/lib/worker-loop";
import type { ChannelSender, WhatsAppOutgoing } from "./channels";
import type { MailEnvelope, OutgoingMail } from "./email.server";
import type { Message, Messaging } from "./messaging.server";
import type { MessageKinds } from "./registry.server";

/** Sends e-mail (SMTP); it knows the addresses mail goes from and to (app/lib/quotes/mailer.server.ts). */
export type EmailSender = MailEnvelope & { send(mail: OutgoingMail): Promise<unknown> };

/**
 * Why a WhatsApp message may not go now (the buyer wrote STOP, free text outside the 24-hour window), or
 * null when it may. A message held back is ended as failed with this reason, never silently dropped.
 */
export type WhatsAppGate = (message: Message) => string | null;

export type OutboxOptions = {
  /** First retry after this long, doubling per failed attempt… */
  baseDelayMs?: number;
  /** …up to this. Retries go on until the provider accepts the message (or refuses it for good). */
  maxDelayMs?: number;
  /** How long a claimed message is reserved for this worker while it is being sent. */
  leaseMs?: number;
  /** Even with nothing due, look again this often (requests stored by another process). */
  pollMs?: number;
  log?: (message: string) => void;
  /** What the modules queue before each round (reminders, follow-ups), at the round's time. */
  everyRound?: readonly ((now: Date) => void)[];
  /** Told of each failed attempt, e.g. to remove a link minted for it that no message carried. */
  attemptFailed?: (message: Message) => void;
  /** The WhatsApp Cloud API; absent, a WhatsApp message ends failed saying WhatsApp is not set up. */
  whatsapp?: ChannelSender<WhatsAppOutgoing>;
  whatsappGate?: WhatsAppGate;
};

/** A provider's refusal that a retry does not change (WhatsApp's client marks it `retryable: false`). */
const isFinal = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { retryable?: unknown }).retryable === false;

/** A provider's words for an error: as its client gave them, with WhatsApp's code and title when it left them out. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, title } = error as Error & { code?: unknown; title?: unknown };
  if (typeof title !== "string" || !title || (code !== undefined && error.message.includes(String(code)))) {
    return error.message;
  }
  const named = typeof code === "number" || typeof code === "string" ? `${code} ${title}` : title;
  return error.message && error.message !== title ? `${named}: ${error.message}` : named;
}

/**
 * Sends every message of the messaging module's queue, each made by its kind's template for its channel
 * (e-mail by the mailer, WhatsApp by the Cloud API), after what queued it is committed. The queue is in
 * the database, so nothing is lost when a provider is down or the process restarts: a failed attempt is
 * retried with exponential back-off until it goes through, a refusal for good ends the message as failed
 * in its request's history, and a message is leased to one sender at a time.
 */
export class Outbox {
  private readonly loop: WorkerLoop;
  private readonly options: Required<Pick<OutboxOptions, "baseDelayMs" | "maxDelayMs" | "leaseMs" | "pollMs" | "log">> &
    OutboxOptions;

  constructor(
    private readonly messaging: Messaging,
    private readonly kinds: MessageKinds,
    /** Null when e-mail is off (WhatsApp alone): an e-mail queued anyway ends failed saying so. */
    private readonly email: EmailSender | null,
    options: OutboxOptions = {},
  ) {
    this.options = {
      baseDelayMs: 1_000,
      maxDelayMs: 10 * 60_000,
      leaseMs: 2 * 60_000,
      pollMs: 60_000,
      log: (message) => console.warn(message),
      ...options,
    };
    this.loop = new WorkerLoop({
      round: () => this.drain(),
      nextDueAt: () => this.messaging.nextDueAt(),
      pollMs: this.options.pollMs,
      name: "Quote outbox",
      log: this.options.log,
    });
  }

  /** Starts the worker; it sends whatever is due at once (e.g. left over from before a restart). */
  start() {
    this.loop.start();
  }

  /** Sends what is due now (called after a new request is committed). */
  kick() {
    this.loop.kick();
  }

  /** Sends every message that is due, of every kind and channel; returns how many went out. */
  async drain(now = () => Date.now()): Promise<number> {
    for (const queue of this.options.everyRound ?? []) queue(new Date(now()));
    let sent = 0;
    // One message claimed at a time: its lease covers one send, and a worker stopping between sends holds
    // no claim it will not try (the next start would wait for that lease to end).
    while (!this.loop.closing) {
      const [message] = this.messaging.claimDue({ now: now(), leaseMs: this.options.leaseMs, limit: 1 });
      if (!message) break;
      if (await this.send(message, new Date(now()))) sent++;
    }
    return sent;
  }

  /** One attempt at one claimed message: true when its provider took it. */
  private async send(message: Message, now: Date): Promise<boolean> {
    const definition = this.kinds.get(message.kind);
    if (!definition) {
      this.messaging.markUndeliverable(message, `no template for messages of the kind "${message.kind}"`, now);
      this.options.log(`A ${message.channel} message of the unknown kind "${message.kind}" was not sent.`);
      return false;
    }
    if (message.channel === "whatsapp") {
      const whatsapp = this.options.whatsapp;
      const render = definition.whatsapp?.render;
      const refusal = !whatsapp
        ? "WhatsApp is not set up (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID)"
        : !render
          ? `messages of the kind "${message.kind}" have no WhatsApp template`
          : this.options.whatsappGate?.(message);
      if (refusal || !whatsapp || !render) {
        this.end(message, refusal || "not sent", now);
        return false;
      }
      // Null: not to be sent (its request was deleted, its proof's links ended); the template said why.
      const rendered = await render(message, { now });
      if (!rendered) {
        this.messaging.cancel(message.id);
        return false;
      }
      return this.attempt(
        message,
        rendered.label,
        now,
        async () => (await whatsapp.send(rendered.outgoing)).providerId,
        rendered.sentEvent,
      );
    }
    const email = this.email;
    if (!email) {
      this.end(message, "e-mail is not set up (SMTP_URL, QUOTE_NOTIFY_TO)", now);
      return false;
    }
    const envelope = { from: email.from, to: email.to };
    const rendered = await definition.email(message, { envelope, now });
    if (!rendered) {
      this.messaging.cancel(message.id);
      return false;
    }
    return this.attempt(
      message,
      rendered.label,
      now,
      async () => {
        await email.send(rendered.mail);
        return null;
      },
      rendered.sentEvent,
    );
  }

  private async attempt(
    message: Message,
    label: string,
    now: Date,
    send: () => Promise<string | null>,
    sentEvent: Parameters<Messaging["markSent"]>[1],
  ): Promise<boolean> {
    try {
      const providerId = await send();
      this.messaging.markSent(message, sentEvent, now, providerId);
      return true;
    } catch (error) {
      const reason = reasonOf(error);
      this.options.attemptFailed?.(message);
      if (isFinal(error)) {
        this.end(message, reason, now, label);
        return false;
      }
      const attempt = message.attempts; // failures before this one
      const delay = backoffDelay(attempt, { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs });
      this.messaging.markFailed(message.id, reason, now.getTime() + delay);
      this.options.log(
        `${label} failed (attempt ${attempt + 1}: ${reason}); retrying in ${Math.round(delay / 1000)} s.`,
      );
      return false;
    }
  }

  /** Ends a message that cannot go, in its request's history and the log. */
  private end(message: Message, reason: string, now: Date, label = `A ${message.channel} message (${message.kind})`) {
    this.messaging.markUndeliverable(message, reason, now);
    this.options.log(`${label} was not sent and will not be retried: ${reason}.`);
  }

  /** Stops the worker and waits for a send in progress. */
  async stop() {
    await this.loop.stop();
  }
}
