// An accepted quotation and its order, for the invoices' tests. The acceptance and the order are
// written by other modules in the app (app/lib/quotations/acceptance.server.ts, app/lib/orders/): here
// their rows are inserted directly, the way those modules store them.
import { defaultTerms, type QuotationDraft, Quotations } from "../../app/lib/quotations/quotations.server";
import { checkChoices, firstChoices, quotationTotals } from "../../app/lib/quotations/totals";
import type { QuoteStore, StoredQuote } from "../../app/lib/quotes/store.server";
import { bilal, buyerFields, submissionMeta } from "./request-fixture";

/** Two lines (pens with set-up, notebooks without), delivery and 18 % tax; the buyer's NTN and STRN. */
export const invoiceDraft = (now: Date): QuotationDraft => ({
  ...defaultTerms(now),
  deliveryPaisa: 150_000,
  buyerNtn: "1234567-8",
  buyerStrn: "32-77-8761-234-56",
  lines: [
    {
      itemId: "onset-pen",
      description: "Onset pen",
      decoration: "Screen print, 1 colour",
      setupPaisa: 250_000,
      options: [
        { quantity: 250, unitPaisa: 9_500 },
        { quantity: 500, unitPaisa: 8_900 },
      ],
    },
    {
      itemId: null,
      description: "A5 notebook",
      decoration: "",
      setupPaisa: 0,
      options: [{ quantity: 100, unitPaisa: 45_050 }],
    },
  ],
});

export type AcceptedOrder = { quote: StoredQuote; orderId: number; orderReference: string; quotationId: number };

let keys = 0;

/**
 * A request with quotation v1 sent and accepted with `choices`, and its order "O-…". `totals` overrides
 * the acceptance's stored totals (an acceptance that no longer matches its quotation).
 */
export function acceptedOrder(
  store: QuoteStore,
  {
    now,
    draft = invoiceDraft(now),
    choices = [2, 1],
    poNumber = "PO-7781",
    totals: override = {},
    buyer = {},
  }: {
    now: Date;
    draft?: QuotationDraft;
    choices?: number[];
    poNumber?: string;
    totals?: Partial<Record<"goodsPaisa" | "taxPaisa" | "totalPaisa", number>>;
    /** The buyer's fields as typed, in place of Ayesha Khan's. */
    buyer?: Partial<typeof buyerFields>;
  },
): AcceptedOrder {
  const quote = store.insert({ ...buyerFields, ...buyer }, submissionMeta(`invoice-${process.pid}-${++keys}`), {
    notify: false,
    now,
  }).quote;
  const quotations = new Quotations(store);
  quotations.saveDraft(quote.id, draft, null, now);
  const sent = quotations.send(quote, bilal, now)!;
  // Choices that do not fit the quotation are stored as they came; the totals are then the first options'.
  const totals = { ...quotationTotals(sent, checkChoices(sent, choices) ?? firstChoices(sent)), ...override };
  store.db
    .prepare(
      `INSERT INTO quotation_acceptances (quotation_id, quote_id, accepted_at, name, role, po_number, choices,
         goods_paisa, setup_paisa, delivery_paisa, tax_paisa, total_paisa, quotation_sha256)
       VALUES (?, ?, ?, 'Dr. Ayesha Khan', 'Brand Manager', ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      sent.id,
      quote.id,
      now.toISOString(),
      poNumber,
      JSON.stringify(choices),
      totals.goodsPaisa,
      totals.setupPaisa,
      totals.deliveryPaisa,
      totals.taxPaisa,
      totals.totalPaisa,
      sent.sha256,
    );
  const orderReference = quote.reference.replace(/^Q-/, "O-");
  const orderId = Number(
    store.db
      .prepare("INSERT INTO orders (reference, quote_id, quotation_id, created_at) VALUES (?, ?, ?, ?)")
      .run(orderReference, quote.id, sent.id, now.toISOString()).lastInsertRowid,
  );
  return { quote, orderId, orderReference, quotationId: sent.id };
}
