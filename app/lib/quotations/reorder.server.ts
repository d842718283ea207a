import { readFileSync } from "node:fs";
import type { AuditActor } from "~/lib/audit/events";
import { pakistanDate } from "~/lib/desk/time";
import { Orders } from "~/lib/orders/orders.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore, StoredQuote, WrittenFile } from "~/lib/quotes/store.server";
import { type LogoType, logoTypes } from "~/lib/upload-rules";
import { draftFromVersion } from "./prefill.server";
import { type QuotationDraft, Quotations, type StoredQuotation } from "./quotations.server";

const isLogoType = (mediaType: string): mediaType is LogoType => (logoTypes as readonly string[]).includes(mediaType);

/** Why "Order again" was refused; nothing is created then. */
export type ReorderRefusal = "no_order" | "not_delivered" | "other_order";

export type ReorderResult = { ok: true; quote: StoredQuote; created: boolean } | { ok: false; reason: ReorderRefusal };

export type DuplicateResult = { ok: true; quote: StoredQuote; created: boolean } | { ok: false; reason: "not_sent" };

/** What the buyer's page offers of a delivered order: its reference and the version accepted. */
export type ReorderOffer = { order: string; version: number; lines: string[] };

/** A line as the new request's message names it: "Onset pen, Screen print, 1 colour: 500 pcs". */
const lineText = (line: StoredQuotation["lines"][number], quantity: number) =>
  `${[line.description, line.decoration].filter(Boolean).join(", ")}: ${quantity.toLocaleString("en-US")} pcs`;

/**
 * New requests made from earlier ones: the buyer's "Order again" of a delivered order, and the desk's
 * "Duplicate as new quotation". Each is a request stored like any other (the store's insert, with its
 * files copied under new names and the office's and the buyer's e-mails) and a draft quotation for staff
 * (Quotations.saveDraft), in one transaction, with both requests' histories saying where it came from.
 */
export class Reorders {
  private readonly proofs: ProofDesk;
  private readonly orders: Orders;

  constructor(
    readonly store: QuoteStore,
    readonly quotations: Quotations = new Quotations(store),
    private readonly options: {
      /** Whether the office and the buyer are e-mailed (a mail server is set), as for any new request. */
      notify: boolean;
    } = { notify: false },
  ) {
    this.proofs = new ProofDesk(store);
    this.orders = new Orders(store);
  }

  /** The accepted version of a delivered order, with the option chosen on each line, or why there is none. */
  private acceptedOrder(quoteId: number) {
    const order = this.orders.forRequest(quoteId);
    if (!order) return "no_order" as const;
    if (order.stage !== "delivered") return "not_delivered" as const;
    const accepted = this.quotations.versions(quoteId).find((version) => version.id === order.quotationId);
    if (!accepted?.acceptance) return "no_order" as const;
    const choices = JSON.parse(accepted.acceptance.choices) as number[];
    const chosen = accepted.lines.map((line, index) => line.options[(choices[index] ?? 1) - 1]!);
    return { order, accepted, chosen };
  }

  /** What "Order again" would reorder, for the buyer's page; null unless the request's order was delivered. */
  offer(quoteId: number): ReorderOffer | null {
    const found = this.acceptedOrder(quoteId);
    if (typeof found === "string") return null;
    const { order, accepted, chosen } = found;
    return {
      order: order.reference,
      version: accepted.version!,
      lines: accepted.lines.map((line, index) => lineText(line, chosen[index]!.quantity)),
    };
  }

  /** The request this one was last ordered again as (its reference), if it was. */
  lastReorder(quoteId: number): StoredQuote | null {
    const events = this.store.audit.events({ type: "request", id: quoteId });
    const last = events.filter((event) => event.type === "request.reordered").at(-1);
    return last?.type === "request.reordered" ? (this.store.byReference(last.payload.reference) ?? null) : null;
  }

  /**
   * The buyer's "Order again" of `orderReference` from the page of request `quoteId`: a new request
   * with the same buyer, quantities and artwork, and a draft at the accepted prices valid from today.
   * Once per order and Pakistan day (a double click or a resubmit returns the same request).
   */
  orderAgain(quoteId: number, orderReference: string, now = new Date()): ReorderResult {
    const old = this.store.get(quoteId);
    if (!old) return { ok: false, reason: "no_order" };
    const found = this.acceptedOrder(quoteId);
    if (typeof found === "string") return { ok: false, reason: found };
    const { order, accepted, chosen } = found;
    // The page posts the order it showed: another request's order, or a stale page's, is not reordered.
    if (order.reference !== orderReference) return { ok: false, reason: "other_order" };
    const version = accepted.version!;
    const lines = accepted.lines.map((line, index) => lineText(line, chosen[index]!.quantity));
    const draft: QuotationDraft = {
      ...draftFromVersion(accepted, now),
      lines: accepted.lines.map((line, index) => ({
        itemId: line.itemId,
        description: line.description,
        decoration: line.decoration,
        setupPaisa: line.setupPaisa,
        options: [{ quantity: chosen[index]!.quantity, unitPaisa: chosen[index]!.unitPaisa }],
      })),
    };
    const made = this.copyRequest(old, {
      key: `reorder-${order.reference}-${pakistanDate(now.getTime())}`,
      page: "/proof (Order again)",
      message: `Reorder of ${order.reference} (quotation v${version}): ${lines.join("; ")}.`,
      quantity: chosen.length === 1 ? chosen[0]!.quantity : null,
      files: this.approvedArtwork(old),
      draft,
      notify: this.options.notify,
      now,
      history: (made) => [
        {
          quoteId: made.id,
          actor: "buyer",
          type: "request.reordered_from",
          payload: { order: order.reference, reference: old.reference, version },
        },
        { quoteId: old.id, actor: "buyer", type: "request.reordered", payload: { reference: made.reference } },
      ],
    });
    return { ok: true, ...made };
  }

  /**
   * The desk's "Duplicate as new quotation": a new request for the same buyer, with the request's files
   * and a draft copied from its latest sent version (valid from today). `key` is the form's own, so the
   * same form sent twice makes one request.
   */
  duplicate(quoteId: number, key: string, actor: AuditActor, staffId: number | null, now = new Date()) {
    const old = this.store.get(quoteId);
    const latest = old && this.quotations.latest(old.id);
    if (!old || !latest) return { ok: false, reason: "not_sent" } satisfies DuplicateResult;
    const version = latest.version!;
    const made = this.copyRequest(old, {
      key: `duplicate-${key}`,
      page: `/desk/quotes/${old.reference}`,
      message: `Duplicated from ${old.reference} (quotation v${version}) for a new quotation.\n\n${old.message}`,
      quantity: old.quantity,
      files: this.originalFiles(old),
      draft: draftFromVersion(latest, now),
      staffId,
      // Made by staff for a quotation they send themselves: no "new request" mails to the office or the buyer.
      notify: false,
      now,
      history: (made) => [
        {
          quoteId: made.id,
          actor,
          type: "request.duplicated_from",
          payload: { reference: old.reference, version },
        },
        { quoteId: old.id, actor, type: "request.duplicated", payload: { reference: made.reference } },
      ],
    });
    return { ok: true, ...made } satisfies DuplicateResult;
  }

  /** The request's own files (logo and mockup) as they are. */
  private originalFiles(quote: StoredQuote) {
    return this.store.attachments(quote.id).map((file) => ({ ...file, data: () => readFileSync(file.path) }));
  }

  /**
   * The artwork the buyer approved: the original logo, and as the mockup the approved proof (the
   * artwork on the item as it was made), else the original mockup.
   */
  private approvedArtwork(quote: StoredQuote) {
    const files = this.originalFiles(quote);
    const approved = this.proofs
      .proofs(quote.id)
      .filter((proof) => proof.answer === "approved")
      .at(-1);
    // A PDF proof is not a file a request can hold (images only): the original files carry the artwork then.
    if (!approved || !isLogoType(approved.mediaType)) return files;
    const mediaType = approved.mediaType;
    return [
      ...files.filter((file) => file.role !== "mockup"),
      {
        role: "mockup" as const,
        mediaType,
        originalName: `${quote.reference}-proof-v${approved.version}`,
        data: () => readFileSync(approved.path),
      },
    ];
  }

  /**
   * Stores the new request (the store's insert, files written first under new names) with its draft
   * and history, in one transaction; a key already used returns that request and writes nothing.
   */
  private copyRequest(
    old: StoredQuote,
    made: {
      key: string;
      /** Where it was made, as a request records the page it was sent from. */
      page: string;
      message: string;
      quantity: number | null;
      files: {
        role: "logo" | "mockup";
        mediaType: WrittenFile["mediaType"];
        originalName: string;
        data: () => Buffer;
      }[];
      draft: QuotationDraft;
      staffId?: number | null;
      notify: boolean;
      now: Date;
      history: (quote: StoredQuote) => HistoryEntry[];
    },
  ): { quote: StoredQuote; created: boolean } {
    const earlier = this.store.findByKey(made.key);
    if (earlier) return { quote: earlier, created: false };
    const written = made.files.map((file) =>
      this.store.writeFile({
        role: file.role,
        mediaType: file.mediaType,
        originalName: file.originalName,
        data: file.data(),
      }),
    );
    try {
      const result = this.store.db
        .transaction(() => {
          const stored = this.store.insert(
            {
              name: old.name,
              company: old.company,
              email: old.email,
              phone: old.phone,
              // A buyer who asked to be answered on WhatsApp is, on their reorder too.
              replyChannel: old.replyChannel,
              product: old.product,
              message: made.message.slice(0, 10_000),
              quantity: made.quantity,
              neededBy: null,
            },
            // Made on the site by a link or a staff form, not sent from an address: no client to record.
            { clientIp: "", userAgent: "", page: made.page, idempotencyKey: made.key },
            { notify: made.notify, now: made.now, design: old.design, files: written },
          );
          if (!stored.created) return stored;
          this.quotations.saveDraft(stored.quote.id, made.draft, made.staffId ?? null, made.now);
          for (const { quoteId, ...event } of made.history(stored.quote))
            this.store.audit.record({ subject: { type: "request", id: quoteId }, at: made.now, ...event });
          return stored;
        })
        .immediate();
      if (!result.created) this.store.removeFiles(written);
      return result;
    } catch (error) {
      this.store.removeFiles(written);
      throw error;
    }
  }
}

type HistoryEntry = { quoteId: number; actor: AuditActor } & (
  | { type: "request.reordered_from"; payload: { order: string; reference: string; version: number } }
  | { type: "request.reordered"; payload: { reference: string } }
  | { type: "request.duplicated_from"; payload: { reference: string; version: number } }
  | { type: "request.duplicated"; payload: { reference: string } }
);
