import { QuotationAnswers } from "../../app/lib/quotations/acceptance.server";
import { defaultTerms, type QuotationDraft } from "../../app/lib/quotations/quotations.server";
import type { QuoteStore } from "../../app/lib/quotes/store.server";

/** The staff member every seeded quotation is sent by. */
export const sender = { name: "Bilal", email: "bilal@promo.example" };

/** The Onset pen, screen printed in one colour with a PKR 2,500 set-up, at the quantities given. */
export const onsetPenLine = (options: { quantity: number; unitPaisa: number }[]): QuotationDraft["lines"][number] => ({
  itemId: "onset-pen",
  description: "Onset pen",
  decoration: "Screen print, 1 colour",
  setupPaisa: 250_000,
  options,
});

/**
 * A request from Ayesha Khan of Acme Pharma (`key` makes its e-mail and idempotency key its own) with
 * quotation v1 sent on it, through the modules, as a browser test seeds its store before its server starts.
 */
export function sentQuotation(
  store: QuoteStore,
  key: string,
  {
    lines,
    terms = {},
    phone = "",
    now = new Date(),
  }: {
    lines: QuotationDraft["lines"];
    terms?: Partial<Omit<QuotationDraft, "lines">>;
    phone?: string;
    now?: Date;
  },
) {
  const answers = new QuotationAnswers(store);
  const quote = store.insert(
    {
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: `${key}@acme.example`,
      phone,
      product: "Pens",
      message: "Pens",
    },
    { clientIp: "203.0.113.7", userAgent: "e2e", page: "/contact", idempotencyKey: `seed-${key}` },
    { notify: false, now },
  ).quote;
  answers.quotations.saveDraft(quote.id, { ...defaultTerms(now), ...terms, lines }, null, now);
  const v1 = answers.quotations.send(quote, sender, now)!;
  /** The buyer accepts v1 at the options chosen (1-based, one per line): the order is made. */
  const accept = (choices: number[], buyer: { name?: string; role?: string; poNumber?: string } = {}) => {
    const accepted = answers.accept(
      quote.id,
      { version: 1, sha256: v1.sha256!, choices, name: "Ayesha Khan", role: "", poNumber: "", ...buyer },
      now,
    );
    if (!accepted.ok) throw new Error(`not accepted: ${accepted.reason}`);
    return accepted.order;
  };
  return { quote, v1, accept };
}
