import { Orders } from "~/lib/orders/orders.server";
import { openDatabase } from "~/lib/db/database.server";
import { FileStore } from "~/lib/files/files.server";
import { createHash } from "node:crypto";
import { addressKey } from "~/lib/client-address";
import { setupLink } from "~/lib/desk/colleagues.server";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { staffSetupEmail } from "~/lib/messaging/email.server";
import type { DesignSpec } from "~/lib/design-schema";
import { type QuoteFields, type QuoteProblem, checkQuote } from "~/lib/quote-schema";
import { type QuoteConfig, readQuoteConfig } from "./config.server";
import { mailboxDelivery } from "~/lib/mailbox/deliver.server";
import { type MailboxSettings, readMailboxConfig } from "~/lib/mailbox/config.server";
import { checkMailbox, type MailboxReader, startMailboxReader } from "~/lib/mailbox/reader.server";
import { UnmatchedMailbox } from "~/lib/mailbox/unmatched.server";
import type { Actor } from "~/lib/audit/events";
import { Messaging } from "~/lib/messaging/messaging.server";
import { FbrClient } from "~/lib/fbr/client.server";
import { describeFbr, type FbrConfig, readFbrConfig } from "~/lib/fbr/config.server";
import { diPayload } from "~/lib/fbr/payload";
import { type DiPayloadMaker, type FbrPoster, FbrQueue, type FbrQueueOptions } from "~/lib/fbr/queue.server";
import { FbrReports } from "~/lib/fbr/reports.server";
import { OrderTaxFacts } from "~/lib/orders/tax-facts.server";
import { invoiceAccepted } from "~/lib/workflows/invoicing.server";
import { PriceBook } from "~/lib/prices/prices.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuotationAnswers } from "~/lib/quotations/acceptance.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import { Reorders } from "~/lib/quotations/reorder.server";
import { createSmtpMailer, type Mailer } from "./mailer.server";
import { Outbox, type OutboxOptions } from "~/lib/messaging/outbox.server";
import { MessageKinds } from "~/lib/messaging/registry.server";
import { whatsappApi, whatsappSender } from "~/lib/whatsapp/client.server";
import { describeWhatsApp, readWhatsAppConfig } from "~/lib/whatsapp/config.server";
import { WhatsAppContacts } from "~/lib/whatsapp/contacts.server";
import { WhatsAppDesk } from "~/lib/whatsapp/desk.server";
import { whatsappGate } from "~/lib/whatsapp/gate.server";
import type { WhatsAppApi, WhatsAppConfig } from "~/lib/whatsapp/types";
import { whatsAppInboundOf } from "~/lib/workflows/whatsapp-inbound.server";
import { domainRounds, registerDomainMessages } from "~/lib/workflows/message-kinds.server";
import { RateLimiter } from "./rate-limit.server";
import { createSystemMonitor } from "~/lib/system/monitor.server";
import { startBackup } from "~/lib/backup/backup.server";
import { type BackupConfig, readBackupConfig } from "~/lib/backup/config.server";
import { QuoteStore, type StoredQuote, type WrittenFile } from "./store.server";
import { queueReply } from "./messages.server";
import type { CheckedFile } from "./uploads.server";

export type SubmissionContext = {
  clientIp: string;
  userAgent: string;
  /** Path and query of the page the request was sent from. */
  page: string;
  /** Sent by the browser with every attempt of one submission; absent on the no-JavaScript path. */
  idempotencyKey?: string;
  /** The invisible honeypot field: people leave it empty. */
  honeypot?: string;
};

/** What a request may carry besides its text: the checked copies of its files, and the studio's design. */
export type SubmissionExtras = { files?: readonly CheckedFile[]; design?: DesignSpec | null };

export type SubmitResult =
  | { kind: "accepted"; quote?: StoredQuote; duplicate: boolean }
  | { kind: "invalid"; problem: QuoteProblem }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "unavailable" };

const keyPattern = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * Without a key from the browser (plain form post), the key is derived from the content (its files and
 * design included), the sender and the day: pressing "resend" on the result page does not store the
 * request twice, and the same words sent again with a corrected logo are a new request.
 */
function derivedKey(quote: QuoteFields, clientIp: string, now: Date, { files = [], design = null }: SubmissionExtras) {
  const day = now.toISOString().slice(0, 10);
  const fileHashes = files.map((file) => `${file.role}:${createHash("sha256").update(file.data).digest("hex")}`);
  const hash = createHash("sha256")
    .update(JSON.stringify([clientIp, day, quote, fileHashes, design]))
    .digest("base64url");
  return `form-${hash}`;
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/** The quote pipeline: check, limit, store (committed), then notify through the outbox. */
export function createQuoteService(
  config: QuoteConfig,
  {
    mailer,
    outbox: outboxOptions,
    log = console.log,
    mailbox = null,
    mailboxIntervalMs,
    backup,
    systemIntervalMs,
    fbr: fbrOptions = {},
    whatsapp: whatsappOptions = null,
  }: {
    mailer?: Mailer;
    /** The outbox's timing and log (its channels and the modules' rounds are wired here). */
    outbox?: Pick<OutboxOptions, "baseDelayMs" | "maxDelayMs" | "leaseMs" | "pollMs" | "log">;
    log?: (message: string) => void;
    /** The office mailbox whose buyers' replies reach their requests (IMAP_URL); null: not read. */
    mailbox?: MailboxSettings | null;
    mailboxIntervalMs?: number;
    /** Where the data folder is backed up (BACKUP_URL); null or absent: nowhere, and the System page says so. */
    backup?: BackupConfig | null;
    systemIntervalMs?: number;
    /**
     * FBR's Digital Invoicing (FBR_DI_TOKEN …): null or absent config, invoices are not reported. The
     * client and payload are FBR's API and its body unless a test brings its own.
     */
    fbr?: { config?: FbrConfig | null; client?: FbrPoster; payload?: DiPayloadMaker; queue?: FbrQueueOptions };
    /**
     * WhatsApp's Cloud API (WHATSAPP_*) and its client: the outbox's WhatsApp sender, the webhook's
     * workflow and the desk's "Send on WhatsApp". Null or absent: off (click-to-chat; /webhooks/whatsapp
     * answers 404; a WhatsApp message queued anyway ends failed saying WhatsApp is not set up).
     */
    whatsapp?: { config: WhatsAppConfig; api: WhatsAppApi } | null;
  } = {},
) {
  // The data folder's one connection and its files, handed to each module that needs them.
  const db = openDatabase(config.dataDir);
  let files: FileStore;
  let store: QuoteStore;
  try {
    files = FileStore.open(db, config.dataDir);
    store = new QuoteStore(db, files);
  } catch (error) {
    db.close();
    throw error;
  }
  files.removeStrayFiles();
  const activeMailer = mailer ?? (config.mail ? createSmtpMailer(config.mail) : undefined);
  // The message kinds, registered by their modules below; messaging queues a WhatsApp twin by them.
  const messageKinds = new MessageKinds();
  const messaging = new Messaging(store, messageKinds);
  // The buyers' WhatsApp numbers: when each last wrote (the 24-hour window) and whether it wrote STOP.
  const whatsappContacts = new WhatsAppContacts(store.db);
  const proofs = new ProofDesk(store, activeMailer && config.mail ? config.mail.to : null, messaging);
  registerDomainMessages(messageKinds, { store, proofs });
  const quotations = new Quotations(store);
  quotations.fillQuotedTotals();
  const quotationAnswers = new QuotationAnswers(
    store,
    quotations,
    activeMailer && config.mail ? config.mail.to : null,
    messaging,
  );
  // One outbox for every channel: it runs when e-mail or WhatsApp is set up. The modules' rounds queue
  // e-mail (reminders, follow-ups), so they run with e-mail only.
  const emailOn = Boolean(activeMailer);
  const outbox =
    activeMailer || whatsappOptions
      ? new Outbox(messaging, messageKinds, activeMailer ?? null, {
          ...outboxOptions,
          ...(activeMailer ? domainRounds({ proofs, quotationAnswers }) : {}),
          ...(whatsappOptions
            ? {
                whatsapp: whatsappSender(whatsappOptions.api),
                whatsappGate: whatsappGate(whatsappContacts, messageKinds),
              }
            : {}),
        })
      : undefined;
  const staffDirectory = new StaffDirectory(db);
  const prices = new PriceBook(db);
  const owners = () => staffDirectory.list().flatMap((member) => (member.role === "owner" ? [member.email] : []));

  // Reports of invoices to FBR: the queue runs only with FBR configured; the reports are there either way.
  const fbrConfig = fbrOptions.config ?? null;
  let fbrQueue: FbrQueue | undefined;
  const fbrClient = fbrConfig ? new FbrClient(fbrConfig) : null;
  const fbrReports = new FbrReports(db, () => fbrQueue?.kick());
  if (fbrConfig) {
    fbrQueue = new FbrQueue(db, fbrOptions.client ?? fbrClient!, fbrOptions.payload ?? diPayload, {
      sandbox: fbrConfig.sandbox,
      log,
      onAccepted: invoiceAccepted({ store, messaging, emailOn }),
      afterAccepted: () => outbox?.kick(),
      ownerMail: activeMailer && config.mail ? { mailer: activeMailer, from: config.mail.from, owners } : undefined,
      ...fbrOptions.queue,
    });
  }
  const taxFacts = new OrderTaxFacts(store);
  const fbr = {
    /** Whether invoices are reported (FBR_DI_TOKEN set). */
    configured: fbrConfig !== null,
    config: fbrConfig,
    /** Each document's report: what the invoice panel, the System page, the PDFs and the buyer's link show. */
    reports: fbrReports,
    queue: fbrQueue,
    /** The order's buyer as FBR is told (the order's tax facts), null until given. */
    taxFactsOf: (orderId: number) => taxFacts.get(orderId),
    /** A price-list item's HS code, unit and sale type (its category's defaults unless set). */
    taxDataOf: (itemId: string | null) => prices.taxDataOf(itemId),
  };

  const limiter = new RateLimiter(config.rateLimit);
  const emailLimiter = new RateLimiter(config.emailRateLimit);

  let reader: MailboxReader | undefined;
  const unmatchedMail = new UnmatchedMailbox(store);
  // One wiring for the reader's timer and a check asked for now.
  const reading = mailbox
    ? {
        imap: mailbox,
        store: mailboxDelivery({ store, messaging, unmatched: unmatchedMail, authservId: mailbox.authservId }),
        unreadable: (mail: Parameters<UnmatchedMailbox["recordUnreadable"]>[0]) => unmatchedMail.recordUnreadable(mail),
        log,
      }
    : null;

  // What the System page and /healthz show, and the owners' alerts, checked every minute.
  const system = createSystemMonitor({
    db,
    dataDir: config.dataDir,
    outboxBacklog: () => messaging.waitingCount(),
    mailer: activeMailer,
    mailFrom: config.mail?.from,
    owners,
    mailbox: () =>
      reading ? { read: true, ...(reader?.reads() ?? { lastReadAt: null, lastError: null }) } : { read: false },
    log,
    intervalMs: systemIntervalMs,
  });
  // Started after the migrations (Litestream adds its own tables); each stored file is copied at once.
  const runningBackup = backup
    ? startBackup({ db, dbFile: store.file, dataDir: config.dataDir, config: backup, log })
    : null;
  if (runningBackup) {
    system.useBackup(runningBackup);
    files.onStored(runningBackup.fileStored);
  }

  if (!activeMailer) {
    log(`Quote e-mail notifications are off (${config.mailOffReason}); requests are stored in ${store.file}.`);
  }

  const browserKey = (context: SubmissionContext) =>
    context.idempotencyKey && keyPattern.test(context.idempotencyKey) ? context.idempotencyKey : undefined;

  /**
   * The answer a request gets whatever files it carries (a retry already stored, a visitor over the
   * limit, a bot that filled the honeypot), so its files are not decoded for nothing. Counts nothing.
   */
  function answerBeforeFiles(context: SubmissionContext, now = new Date()): SubmitResult | null {
    const key = browserKey(context);
    const earlier = key ? store.findByKey(key) : undefined;
    if (earlier) return { kind: "accepted", quote: earlier, duplicate: true };
    const limit = limiter.peek(addressKey(context.clientIp), now.getTime());
    if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000) };
    if (context.honeypot?.trim()) return { kind: "accepted", duplicate: false };
    return null;
  }

  function submit(
    input: unknown,
    context: SubmissionContext,
    { files = [], design = null }: SubmissionExtras = {},
    now = new Date(),
  ): SubmitResult {
    const check = checkQuote(input, now);
    if (!check.ok) return { kind: "invalid", problem: check.problem };
    const quote = check.data;

    const idempotencyKey = browserKey(context) ?? derivedKey(quote, context.clientIp, now, { files, design });

    const written: WrittenFile[] = [];
    try {
      // A retry of a request already stored is answered as before and not counted again.
      const earlier = store.findByKey(idempotencyKey);
      if (earlier) return { kind: "accepted", quote: earlier, duplicate: true };

      // The address limit stops one machine flooding the form; the e-mail limit stops one buyer's address
      // being flooded with our replies, or the inbox with one sender, from a network of many addresses.
      const buyerEmail = quote.email.trim().toLowerCase();
      const emailLimit = emailLimiter.peek(buyerEmail, now.getTime());
      if (!emailLimit.allowed) {
        return { kind: "rate_limited", retryAfterSeconds: Math.ceil(emailLimit.retryAfterMs / 1000) };
      }
      const limit = limiter.hit(addressKey(context.clientIp), now.getTime());
      if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000) };
      emailLimiter.hit(buyerEmail, now.getTime());

      // Honeypot filled: answered like a success, nothing stored or sent.
      if (context.honeypot?.trim()) return { kind: "accepted", duplicate: false };

      // The files are on disk before the request that names them is committed; if it is not, they go.
      for (const file of files) written.push(store.writeFile(file));
      const {
        quote: stored,
        created,
        acknowledgementHeld,
      } = store.insert(
        quote,
        {
          clientIp: context.clientIp.slice(0, 100),
          userAgent: context.userAgent.slice(0, 500),
          page: context.page.slice(0, 500),
          idempotencyKey,
        },
        {
          notify: emailOn,
          now,
          design,
          files: written,
          acknowledgementsPerHour: config.acknowledgementsPerHour,
        },
      );
      if (acknowledgementHeld === "site-limit") {
        log(
          `Quote request ${stored.reference} stored and the office told; the buyer's acknowledgement was not sent: ` +
            `the site sent ${config.acknowledgementsPerHour} in the last hour (ACK_SITE_LIMIT_PER_HOUR).`,
        );
      }
      if (!created) store.removeFiles(written);
      if (created) outbox?.kick();
      return { kind: "accepted", quote: stored, duplicate: !created };
    } catch (error) {
      console.error("Quote request could not be stored:", error);
      try {
        store.removeFiles(written);
      } catch (removal) {
        console.error("Files of a request not stored could not be removed (removed at the next start):", removal);
      }
      return { kind: "unavailable" };
    }
  }

  // A buyer's WhatsApp messages and our messages' statuses, from Meta's webhook (null: WhatsApp is off).
  const whatsapp = whatsAppInboundOf(whatsappOptions && { ...whatsappOptions, contacts: whatsappContacts }, {
    store,
    messaging,
    notify: emailOn,
    outbox,
    log,
  });

  return {
    /** WhatsApp's settings, the buyers' numbers (window, consent) and the webhook's workflow; null when off. */
    whatsapp,
    /** The request page's "Send on WhatsApp": the window, free text inside it, the approved templates. */
    whatsappDesk: new WhatsAppDesk({
      messaging,
      config: whatsappOptions?.config ?? null,
      contacts: whatsappContacts,
      templates: messageKinds,
      afterQueued: () => outbox?.kick(),
    }),
    config,
    store,
    outbox,
    /** The data folder's database (app/lib/db/), for the modules that need the connection alone. */
    db,
    /** Every stored file and its record (app/lib/files/). */
    files,
    staff: staffDirectory,
    /** The System page's status, /healthz and the owners' alerts; `system.useBackup` wires the backup. */
    system,
    proofs,
    quotations,
    /** The buyer's acceptance of a quotation (the order), changes asked, reminders and expiry. */
    quotationAnswers,
    messaging,
    /** Every module's message kinds; `whatsappTemplateChoices()` lists the templates the desk may send. */
    messageKinds,
    /** Mail that joined no request, or could not be read: the desk's Unmatched mail. */
    unmatchedMail,
    /**
     * Whether the reader checks who sent a mail (MAIL_AUTHSERV_ID): null when the mailbox is not read,
     * false when it is read without sender checks (the desk tells the owners).
     */
    senderChecks: mailbox ? mailbox.authservId !== null : null,
    /** One check of the office mailbox now, as the reader's timer runs it; null when the mailbox is not read. */
    checkMailboxNow() {
      return reading ? checkMailbox(reading) : Promise.resolve(null);
    },
    /** Attaches a mail of Unmatched mail to a request, as if it had matched. */
    attachMail(id: number, reference: string, actor: Actor) {
      return unmatchedMail.attach(id, reference, actor, { messaging });
    },
    /** Orders and their stages (the buyer is e-mailed at each when e-mail is on). */
    orders: new Orders(store, Boolean(activeMailer && config.mail), messaging),
    /** Each order's buyer tax registration, as FBR's Digital Invoicing is told it. */
    taxFacts,
    /**
     * FBR's lookup of a buyer's registration type (Get_Reg_Type), when FBR Digital Invoicing is
     * configured (FBR_DI_TOKEN); null: not configured, and the desk saves registrations unchecked.
     */
    checkRegistration: fbrClient ? (ntnCnic: string) => fbrClient.registrationType(ntnCnic) : null,
    /** The buyer's "Order again" of a delivered order and the desk's "Duplicate as new quotation". */
    reorders: new Reorders(store, quotations, { notify: emailOn }),
    /** The price list: what the desk shows and owners set, and `priceFor` for quotations. */
    prices,
    /** FBR's Digital Invoicing: whether it is configured, each document's report, the queue. */
    fbr,
    /** Whether buyers and the office are e-mailed (a mail server; the outbox then sends e-mail too). */
    emailOn,
    /** Queues a reply from the desk and sends it now if the mail server answers. */
    reply(quoteId: number, body: string, actor: Actor, requestKey: string, now?: Date) {
      const queued = queueReply(messaging, quoteId, body, actor, requestKey, now);
      if (queued) outbox?.kick();
      return queued;
    },
    /**
     * E-mails a colleague their set-up link now; false when e-mail is off or the mail server refused it
     * (the Staff page then shows the link for the owner to pass on).
     */
    async mailSetupLink(member: { name: string; email: string }, token: string, by: { name: string }) {
      if (!activeMailer || !config.mail) return false;
      try {
        await activeMailer.send(staffSetupEmail(member, setupLink(token), by, config.mail));
        return true;
      } catch (error) {
        log(`Set-up e-mail to ${member.email} not sent: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
    answerBeforeFiles,
    submit,
    start() {
      outbox?.start();
      fbrQueue?.start();
      // Checked at once and then every minute; a mail is marked on the server only once it is stored.
      if (reading && !reader) reader = startMailboxReader({ ...reading, intervalMs: mailboxIntervalMs });
      system.start();
    },
    async close() {
      await system.stop();
      await runningBackup?.stop();
      await reader?.stop();
      reader = undefined;
      await fbrQueue?.stop();
      await outbox?.stop();
      activeMailer?.close();
      if (db.open) db.close();
    },
  };
}

/**
 * The one service of this process. The production server starts it as it starts (server/index.ts), so
 * notifications left over from before a restart go out without waiting for a visitor; under
 * `react-router dev` the first quote request creates it.
 */
let service: QuoteService | undefined;

export function getQuoteService(): QuoteService {
  if (!service) {
    // All read before anything opens: a bad value in any stops the start with its message.
    const config = readQuoteConfig();
    const { imap, offReason } = readMailboxConfig();
    const backup = readBackupConfig();
    const fbr = readFbrConfig();
    const whatsapp = readWhatsAppConfig();
    service = createQuoteService(config, {
      mailbox: imap,
      backup,
      fbr: { config: fbr },
      whatsapp: whatsapp && { config: whatsapp, api: whatsappApi(whatsapp) },
    });
    console.log(describeFbr(fbr));
    console.log(describeWhatsApp(whatsapp));
    if (!backup) console.log("The data folder is not backed up: BACKUP_URL is not set.");
    if (!imap) console.log(`Buyers' e-mail replies are not read (${offReason}).`);
    service.start();
  }
  return service;
}

/** Starts the quote pipeline with the server: checks the environment and opens the store now. */
export function startQuoteService(): QuoteService {
  return getQuoteService();
}

export async function stopQuoteService() {
  const stopping = service;
  service = undefined;
  await stopping?.close();
}
