import type Database from "better-sqlite3";
import { business } from "~/content/business";
import { backoffDelay } from "~/lib/backoff";
import { pakistanTime } from "~/lib/desk/time";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import type { Mailer } from "~/lib/quotes/mailer.server";
import { publicLink } from "~/lib/site-url";
import { WorkerLoop } from "~/lib/worker-loop";
import type { DiInvoice, FbrOutcome, ReportDocument } from "./di-types";
import type { InvoiceReport } from "./report-types";
import { FbrReports, type OwnerNews } from "./reports.server";

// The worker that reports waiting invoices and credit notes to FBR's Digital Invoicing: each due report
// is validated, then posted, and what came of it is kept. FBR out of reach or slow: tried again with
// back-off until it answers. The queue is the invoice_reports table, so nothing is lost on a restart,
// and a report is claimed by one worker at a time.

/** What the queue asks of FBR (FbrClient in client.server.ts). */
export type FbrPoster = {
  validate(body: DiInvoice): Promise<FbrOutcome>;
  post(body: DiInvoice): Promise<FbrOutcome>;
};

/** A document as the DI API's JSON (diPayload in payload.ts). */
export type DiPayloadMaker = (document: ReportDocument, options: { sandbox: boolean }) => DiInvoice;

export type FbrQueueOptions = {
  /** Sandbox scenario ids in the payload (FBR_DI_SANDBOX=1). */
  sandbox?: boolean;
  /** First retry after this long, doubling per try that got no answer… */
  baseDelayMs?: number;
  /** …up to this. */
  maxDelayMs?: number;
  /** How long a claimed report is this worker's: longer than a validation and a post together. */
  leaseMs?: number;
  /** Even with nothing due, look again this often (reports opened by another process, owners' alerts). */
  pollMs?: number;
  /** The owners hear of a report waiting longer than this. */
  waitAlertMs?: number;
  /**
   * Called in the transaction that stores FBR's acceptance (the invoicing workflow queues the buyer's
   * invoice e-mail there): the acceptance is never kept without what follows from it.
   */
  onAccepted?: (report: InvoiceReport, now: Date) => void;
  /** Called once that transaction is committed (the service kicks the outbox). */
  afterAccepted?: () => void;
  /** Where the owners' e-mails go through; absent: the owners are not mailed (the desk still shows it all). */
  ownerMail?: { mailer: Mailer; from: string; owners: () => string[] };
  log?: (message: string) => void;
};

const HOUR_MS = 60 * 60_000;

/** FBR's words, as long as they are useful in a problem line. */
const shortly = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

const documentName = (report: InvoiceReport) =>
  report.document === "invoice"
    ? `invoice ${report.invoiceNumber}`
    : `credit note ${report.creditNoteNumber} (against invoice ${report.invoiceNumber})`;

/** The owners' e-mail about a report that waits over an hour, or that FBR refused. */
export function ownerNewsEmail({ report, orderReference, about }: OwnerNews, owners: readonly string[], from: string) {
  const name = documentName(report);
  const where = `The order's page on the desk: ${publicLink(`/desk/orders/${orderReference}`)}`;
  const lines =
    about === "refused"
      ? [
          `FBR's Digital Invoicing refused ${name} of order ${orderReference}. It is not a valid tax invoice until FBR accepts it, and the buyer has not been sent it.`,
          "",
          "FBR said:",
          ...(report.refusal.length
            ? report.refusal.map(
                (reason) => `- ${reason.line === null ? "The invoice" : `Line ${reason.line}`}: ${reason.words}`,
              )
            : ["- (no reason was given)"]),
          "",
          "Correct the cause on the invoice panel (the buyer's registration, NTN or CNIC, province, or a line's HS code, unit or sale type) and submit it again.",
        ]
      : [
          `${name[0]!.toUpperCase()}${name.slice(1)} of order ${orderReference} has been waiting for FBR's Digital Invoicing since ${pakistanTime(report.queuedAt)}: FBR has not answered (${report.attempts} ${report.attempts === 1 ? "try" : "tries"}).`,
          ...(report.lastProblem ? [`The last problem: ${report.lastProblem}`] : []),
          "It is tried again by itself; the buyer is sent the invoice once FBR accepts it.",
        ];
  return {
    from,
    to: owners.map((address) => ({ name: "", address })),
    subject:
      about === "refused"
        ? `FBR refused ${name} — ${business.name} desk`
        : `${name[0]!.toUpperCase()}${name.slice(1)} is waiting for FBR — ${business.name} desk`,
    text: [...lines, "", where, "", "--", `${business.name} quote desk`].join("\n"),
  } satisfies OutgoingMail;
}

/**
 * Reports every waiting invoice and credit note to FBR, after what opened them is committed: validated,
 * then posted; accepted, refused (kept in staff's words) or tried again with back-off.
 */
export class FbrQueue {
  private readonly loop: WorkerLoop;
  private readonly options: Required<Omit<FbrQueueOptions, "onAccepted" | "afterAccepted" | "ownerMail">> &
    Pick<FbrQueueOptions, "onAccepted" | "afterAccepted" | "ownerMail">;
  readonly reports: FbrReports;

  constructor(
    private readonly db: Database.Database,
    private readonly client: FbrPoster,
    private readonly payload: DiPayloadMaker,
    options: FbrQueueOptions = {},
  ) {
    this.options = {
      sandbox: false,
      baseDelayMs: 30_000,
      maxDelayMs: 30 * 60_000,
      leaseMs: 5 * 60_000,
      pollMs: 60_000,
      waitAlertMs: HOUR_MS,
      log: (message) => console.warn(message),
      ...options,
    };
    this.reports = new FbrReports(db);
    this.loop = new WorkerLoop({
      round: () => this.drain(),
      nextDueAt: () => this.reports.nextDueAt(),
      pollMs: this.options.pollMs,
      name: "FBR queue",
      log: this.options.log,
    });
  }

  /** Starts the worker; it reports whatever is due at once (e.g. left over from before a restart). */
  start() {
    this.loop.start();
  }

  /** Reports what is due now (called after an invoice is issued or a report corrected). */
  kick() {
    this.loop.kick();
  }

  /** Reports every report that is due, then tells the owners what is new; returns how many FBR answered. */
  async drain(now = () => Date.now()): Promise<number> {
    let answered = 0;
    // Due as of the round's start: a report put back for later in this round waits for the next one.
    const round = new Date(now());
    // One report claimed at a time: its claim covers one validation and post, and a worker stopping between
    // reports holds no claim it will not make (the next start would wait for that claim to end).
    while (!this.loop.closing) {
      const [report] = this.reports.claimDue(round, this.options.leaseMs, 1);
      if (!report) break;
      try {
        if (await this.report(report, now)) answered++;
      } catch (error) {
        // A report that cannot be made (a fact FBR's body refuses) waits with its reason, not the queue.
        this.unavailable(report, error instanceof Error ? error.message : String(error), false, now);
      }
    }
    await this.tellOwners(new Date(now()));
    return answered;
  }

  /** One report: validated, then posted. True when FBR gave an answer (accepted or refused). */
  private async report(report: InvoiceReport, now: () => number): Promise<boolean> {
    const document = this.reports.documentOf(report.id)!;
    const body = this.payload(document, { sandbox: this.options.sandbox });
    const request = JSON.stringify(body);

    const validation = await this.exchange(report, "validate", body, request, now);
    if (validation.kind === "unavailable") {
      this.unavailable(report, validation.problem, false, now);
      return false;
    }
    if (validation.kind === "refused") {
      this.reports.markRefused(report.id, validation.refusal, new Date(now()));
      this.options.log(`FBR refused ${documentName(report)} at validation.`);
      return true;
    }

    const posted = await this.exchange(report, "post", body, request, now);
    if (posted.kind === "accepted") {
      const at = new Date(now());
      const kept = this.db
        .transaction(() => {
          if (!this.reports.markAccepted(report.id, { number: posted.number, dated: posted.dated }, at)) return false;
          this.options.onAccepted?.(this.reports.get(report.id)!, at);
          return true;
        })
        .immediate();
      if (kept) this.options.afterAccepted?.();
      else this.options.log(`FBR gave ${documentName(report)} a second number, ${posted.number}: the first is kept.`);
      return true;
    }
    if (posted.kind === "refused") {
      this.reports.markRefused(report.id, posted.refusal, new Date(now()));
      this.options.log(`FBR refused ${documentName(report)}.`);
      return true;
    }
    // Validated but no number came back: the post is tried again, as when FBR did not answer.
    const problem = posted.kind === "unavailable" ? posted.problem : "FBR answered the post without an invoice number.";
    this.unavailable(report, problem, posted.kind === "unavailable" ? posted.answerLost : true, now);
    return false;
  }

  private async exchange(
    report: InvoiceReport,
    step: "validate" | "post",
    body: DiInvoice,
    request: string,
    now: () => number,
  ): Promise<FbrOutcome> {
    const sentAt = new Date(now());
    let outcome: FbrOutcome;
    try {
      outcome = await (step === "validate" ? this.client.validate(body) : this.client.post(body));
    } catch (error) {
      // The client answers every failure as "unavailable"; anything else thrown is treated the same way.
      const problem = error instanceof Error ? error.message : String(error);
      outcome = { kind: "unavailable", problem, httpStatus: null, answerLost: step === "post", body: "" };
    }
    const answered = outcome.kind !== "unavailable" || outcome.httpStatus !== null;
    this.reports.recordExchange(report.id, {
      step,
      sentAt,
      request,
      httpStatus: outcome.httpStatus,
      answer: outcome.kind === "unavailable" && !outcome.body ? outcome.problem : outcome.body,
      answeredAt: answered ? new Date(now()) : null,
    });
    return outcome;
  }

  private unavailable(report: InvoiceReport, problem: string, answerLost: boolean, now: () => number) {
    const delay = backoffDelay(report.attempts, { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs });
    this.reports.markUnavailable(
      report.id,
      { problem: shortly(problem), answerLost, nextAttemptAt: new Date(now() + delay) },
      new Date(now()),
    );
    this.options.log(
      `${documentName(report)} not reported to FBR (try ${report.attempts + 1}: ${problem}); trying again in ${Math.round(delay / 1000)} s.`,
    );
  }

  /** The owners hear once of a report waiting over an hour, and once of each refusal. */
  private async tellOwners(now: Date) {
    const mail = this.options.ownerMail;
    if (!mail) return;
    const news = this.reports.ownerNews(new Date(now.getTime() - this.options.waitAlertMs));
    if (news.length === 0) return;
    const owners = mail.owners();
    if (owners.length === 0) return;
    for (const item of news) {
      if (this.loop.closing) return;
      try {
        await mail.mailer.send(ownerNewsEmail(item, owners, mail.from));
        this.reports.markOwnerTold(item.report.id, item.about, now);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.options.log(`The owners were not told of ${documentName(item.report)} (tried again later): ${reason}`);
      }
    }
  }

  /** Stops the worker and waits for a report in progress. */
  async stop() {
    await this.loop.stop();
  }
}
