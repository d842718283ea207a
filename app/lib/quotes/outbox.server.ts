import { backoffDelay } from "~/lib/backoff";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import { reminderEmail, staffReminderEmail } from "~/lib/proofs/mail";
import type { Mailer } from "./mailer.server";
import type { QuoteStore } from "./store.server";

export type OutboxOptions = {
  /** First retry after this long, doubling per failed attempt… */
  baseDelayMs?: number;
  /** …up to this. Retries go on until the mail server accepts the message. */
  maxDelayMs?: number;
  /** How long a claimed notification is reserved for this worker while it is being sent. */
  leaseMs?: number;
  /** Even with nothing due, look again this often (requests stored by another process). */
  pollMs?: number;
  log?: (message: string) => void;
  /** Proofs whose e-mails (and reminders) this outbox sends. */
  proofs?: ProofDesk;
};

/**
 * Sends the notification e-mails, after the request is committed. The queue is the quotes table
 * itself (status 'pending' and a due time), so nothing is lost when the mail server is down or the
 * process restarts: a failed attempt is retried with exponential back-off until it goes through.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private closing = false;
  private readonly options: Required<Omit<OutboxOptions, "proofs">>;
  private readonly proofs: ProofDesk | undefined;

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
  }

  /** Starts the worker; it sends whatever is due at once (e.g. left over from before a restart). */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.kick();
  }

  /** Sends what is due now (called after a new request is committed). */
  kick() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(
        () => undefined,
        (error: unknown) => this.options.log(`Quote outbox: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.schedule();
        }
      });
  }

  /** Sends every notification and reply that is due; returns how many went out. */
  async drain(now = () => Date.now()): Promise<number> {
    this.proofs?.queueReminders({ buyer: reminderEmail, staff: staffReminderEmail }, new Date(now()));
    return (await this.drainNotifications(now)) + (await this.drainReplies(now)) + (await this.drainProofMails(now));
  }

  private async drainProofMails(now: () => number): Promise<number> {
    const proofs = this.proofs;
    if (!proofs) return 0;
    let sent = 0;
    for (;;) {
      const due = proofs.claimDueMails({ now: now(), leaseMs: this.options.leaseMs });
      if (due.length === 0) return sent;
      for (const mail of due) {
        if (this.closing) return sent;
        // A buyer's link is minted now, for this attempt; a mail whose links were ended is not sent.
        const outgoing = proofs.compose(mail, new Date(now()));
        if (!outgoing) continue;
        try {
          await this.mailer.sendProofMail(outgoing);
          proofs.markMailSent(mail);
          sent++;
        } catch (error) {
          const delay = backoffDelay(mail.attempts, {
            baseMs: this.options.baseDelayMs,
            capMs: this.options.maxDelayMs,
          });
          const reason = error instanceof Error ? error.message : String(error);
          proofs.markMailFailed(mail.id, reason, now() + delay);
          this.options.log(
            `Proof e-mail "${mail.subject}" failed (${reason}); retrying in ${Math.round(delay / 1000)} s.`,
          );
        }
      }
    }
  }

  private async drainReplies(now: () => number): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = this.store.claimDueReplies({ now: now(), leaseMs: this.options.leaseMs });
      if (due.length === 0) return sent;
      for (const reply of due) {
        if (this.closing) return sent;
        const quote = this.store.get(reply.quoteId);
        if (!quote) continue; // deleted with its replies since it was claimed
        try {
          await this.mailer.sendReply(reply, quote);
          this.store.markReplySent(reply, quote.email);
          sent++;
        } catch (error) {
          const attempt = reply.attempts;
          const delay = backoffDelay(attempt, { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs });
          const reason = error instanceof Error ? error.message : String(error);
          this.store.markReplyFailed(reply.id, reason, now() + delay);
          this.options.log(
            `Quote request ${quote.reference}: reply e-mail failed (attempt ${attempt + 1}: ${reason}); retrying in ${Math.round(delay / 1000)} s.`,
          );
        }
      }
    }
  }

  private async drainNotifications(now: () => number): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = this.store.claimDue({ now: now(), leaseMs: this.options.leaseMs });
      if (due.length === 0) return sent;
      for (const quote of due) {
        if (this.closing) return sent;
        try {
          // The files are read from disk at each attempt: a retry sends them as the first try would have.
          await this.mailer.send(quote, this.store.attachments(quote.id));
          this.store.markSent(quote.id);
          sent++;
        } catch (error) {
          const attempt = quote.notifyAttempts; // failures before this one
          const delay = backoffDelay(attempt, { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs });
          const reason = error instanceof Error ? error.message : String(error);
          this.store.markFailed(quote.id, reason, now() + delay);
          this.options.log(
            `Quote request ${quote.reference}: notification e-mail failed (attempt ${attempt + 1}: ${reason}); retrying in ${Math.round(delay / 1000)} s.`,
          );
        }
      }
    }
  }

  private schedule() {
    if (this.stopped) return;
    const next = this.store.nextDueAt();
    const wait = next === null ? this.options.pollMs : Math.min(Math.max(0, next - Date.now()), this.options.pollMs);
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref(); // never keeps a finished process (tests, scripts) alive
  }

  /** Stops the worker and waits for a send in progress. */
  async stop() {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
