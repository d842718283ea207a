import { backoffDelay } from "~/lib/backoff";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuotationAnswers } from "~/lib/quotations/acceptance.server";
import { Messaging, type OutboundKind } from "~/lib/messaging/messaging.server";
import { templates } from "~/lib/messaging/templates.server";
import { reminderEmail, staffReminderEmail } from "~/lib/proofs/mail";
import { WorkerLoop } from "~/lib/worker-loop";
import type { Mailer } from "./mailer.server";
import type { QuoteStore } from "./store.server";

export type OutboxOptions = {
  /** First retry after this long, doubling per failed attempt… */
  baseDelayMs?: number;
  /** …up to this. Retries go on until the mail server accepts the message. */
  maxDelayMs?: number;
  /** How long a claimed message is reserved for this worker while it is being sent. */
  leaseMs?: number;
  /** Even with nothing due, look again this often (requests stored by another process). */
  pollMs?: number;
  log?: (message: string) => void;
  /** Proofs whose e-mails (and reminders) this outbox sends. */
  proofs?: ProofDesk;
  /** Quotations whose reminders and expiry are looked at with every round. */
  quotationAnswers?: QuotationAnswers;
  messaging?: Messaging;
};

/**
 * Sends every e-mail of the messaging module's queue (each made by its kind's template), after what
 * queued it is committed. The queue is in the database, so nothing is lost when the mail server is
 * down or the process restarts: a failed attempt is retried with exponential back-off until it goes
 * through, and a message is leased to one sender at a time.
 */
export class Outbox {
  private readonly loop: WorkerLoop;
  private readonly options: Required<Omit<OutboxOptions, "proofs" | "messaging" | "quotationAnswers">>;
  private readonly proofs: ProofDesk | undefined;
  private readonly quotationAnswers: QuotationAnswers | undefined;
  private readonly messaging: Messaging;

  constructor(
    private readonly store: QuoteStore,
    private readonly mailer: Mailer,
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
    this.proofs = options.proofs;
    this.quotationAnswers = options.quotationAnswers;
    this.messaging = options.messaging ?? new Messaging(store);
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

  /** Sends every message that is due, of every kind; returns how many went out. */
  async drain(now = () => Date.now()): Promise<number> {
    this.proofs?.queueReminders({ buyer: reminderEmail, staff: staffReminderEmail }, new Date(now()));
    this.quotationAnswers?.followUp(new Date(now()));
    const envelope = { from: this.mailer.from, to: this.mailer.to };
    let sent = 0;
    for (;;) {
      const due = this.messaging.claimDue({ now: now(), leaseMs: this.options.leaseMs });
      if (due.length === 0) return sent;
      for (const message of due) {
        if (this.loop.closing) return sent;
        const context = { store: this.store, proofs: this.proofs, envelope, now: new Date(now()) };
        // Null: not to be sent (its request was deleted, its proof's links ended); the template said why.
        const rendered = await templates[message.kind as OutboundKind](message, context);
        if (!rendered) {
          this.messaging.cancel(message.id);
          continue;
        }
        try {
          await this.mailer.send(rendered.mail);
          this.messaging.markSent(message, rendered.sentEvent);
          sent++;
        } catch (error) {
          const attempt = message.attempts; // failures before this one
          const delay = backoffDelay(attempt, { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs });
          const reason = error instanceof Error ? error.message : String(error);
          this.messaging.markFailed(message.id, reason, now() + delay);
          this.proofs?.attemptFailed(message.id);
          this.options.log(
            `${rendered.label} failed (attempt ${attempt + 1}: ${reason}); retrying in ${Math.round(delay / 1000)} s.`,
          );
        }
      }
    }
  }

  /** Stops the worker and waits for a send in progress. */
  async stop() {
    await this.loop.stop();
  }
}
