import { quotationPageText as text } from "~/content/quotation-page";
import { longDate, pakistanTime } from "~/lib/desk/time";
import { formatPkr, formatRate } from "~/lib/money";
import type { StoredOrder } from "~/lib/orders/orders.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { type AnswerRefusal, chosenLines, optionLabel, type QuotationAnswers } from "./acceptance.server";
import { type TaxFactsValues, taxFactsErrors, taxFactsInWords, taxFactsValuesOf } from "~/lib/orders/tax-facts-schema";
import { answerInput, postedChoices, type QuotationAnswer, quotationAnswerSchema } from "./buyer-answer-schema";
import { quotationState, type StoredQuotation } from "./quotations.server";
import { nearestNote, optionQuantities, optionTitle } from "./option-words";
import { checkChoices, nearestChoices, optionTotals, quotationTotals } from "./totals";

/** The amounts of a quotation as the page writes them (formatPkr: the one way rupees are written). */
export type TotalsView = {
  goods: string;
  setup: string;
  delivery: string;
  /** Whether delivery is charged: a "Delivery PKR 0" row is left out, as each option's totals leave it out. */
  hasDelivery: boolean;
  taxLabel: string;
  tax: string;
  total: string;
};

/** What the buyer's page shows of the latest version, and what its script computes from. */
export type QuotationView = {
  version: number;
  sha256: string;
  state: "sent" | "accepted" | "expired";
  sent: string;
  validUntil: string;
  leadTime: string;
  paymentTerms: string;
  note: string;
  lines: {
    position: number;
    what: string;
    setup: string | null;
    /** `recommended`: the option nearest the quantity the buyer asked for. */
    options: { position: number; label: string; checked: boolean; recommended: boolean }[];
  }[];
  choices: number[];
  totals: TotalsView;
  /** Each option's own totals (none when no line offers a choice), the one nearest what was asked recommended. */
  optionTotals: { title: string; recommended: string | null; totals: TotalsView; hasDelivery: boolean }[];
  /** Paisa, for the page's script (the server recomputes on accepting). */
  prices: {
    lines: { setupPaisa: number; options: { quantity: number; unitPaisa: number }[] }[];
    deliveryPaisa: number;
    taxRateBp: number;
  };
  /** "This quotation expired on …; ask us for a new one." */
  expired: string | null;
  changes: { text: string; at: string } | null;
  acceptance: AcceptanceView | null;
};

/** The acceptance record, on the page and printed. */
export type AcceptanceView = {
  order: string;
  version: number;
  name: string;
  role: string;
  poNumber: string;
  at: string;
  lines: string[];
  totals: TotalsView;
  sha256: string;
};

export type QuotationPage = {
  reference: string;
  latest: QuotationView;
  earlier: { version: number; sent: string; replacedBy: string; changes: string | null }[];
  order: string | null;
};

const totalsView = (totals: {
  goodsPaisa: number;
  setupPaisa: number;
  deliveryPaisa: number;
  taxPaisa: number;
  totalPaisa: number;
  taxRateBp: number;
}): TotalsView => ({
  goods: formatPkr(totals.goodsPaisa),
  setup: formatPkr(totals.setupPaisa),
  delivery: formatPkr(totals.deliveryPaisa),
  hasDelivery: totals.deliveryPaisa > 0,
  taxLabel: text.salesTax(formatRate(totals.taxRateBp)),
  tax: formatPkr(totals.taxPaisa),
  total: formatPkr(totals.totalPaisa),
});

function acceptanceView(quotation: StoredQuotation, order: StoredOrder | null): AcceptanceView | null {
  const acceptance = quotation.acceptance;
  if (!acceptance || !order) return null;
  const choices = JSON.parse(acceptance.choices) as number[];
  return {
    order: order.reference,
    version: quotation.version!,
    name: acceptance.name,
    role: acceptance.role,
    poNumber: acceptance.poNumber,
    at: pakistanTime(acceptance.acceptedAt),
    lines: chosenLines(quotation, choices),
    // The totals recorded when accepted, not computed again.
    totals: totalsView({ ...acceptance, taxRateBp: quotation.taxRateBp }),
    sha256: acceptance.quotationSha256,
  };
}

/**
 * The buyer's view of a request's quotations, or null when none was sent: the latest version with the
 * options chosen (the first ones unless the buyer's choices fit), the earlier versions as replaced,
 * and the order once accepted.
 */
export function quotationPageData(
  answers: QuotationAnswers,
  quote: StoredQuote,
  wanted: readonly number[] | null = null,
  now = Date.now(),
): QuotationPage | null {
  const versions = answers.quotations.versions(quote.id);
  const latest = versions.at(-1);
  if (!latest) return null;
  const order = answers.orders.forRequest(quote.id);
  const state = quotationState(latest, latest.version, now);
  const accepted = latest.acceptance ? (JSON.parse(latest.acceptance.choices) as number[]) : null;
  // Until the buyer chooses, the options nearest the quantity they asked for.
  const nearest = nearestChoices(latest, quote.quantity);
  const choices = accepted ?? (wanted && checkChoices(latest, wanted)) ?? nearest;
  const entries = optionTotals(latest, quote.quantity);
  const asked = quote.quantity;
  const validUntil = longDate(latest.validUntil);
  return {
    reference: quote.reference,
    latest: {
      version: latest.version!,
      sha256: latest.sha256!,
      state: state === "accepted" || state === "expired" ? state : "sent",
      sent: pakistanTime(latest.sentAt!),
      validUntil,
      leadTime: latest.leadTime,
      paymentTerms: latest.paymentTerms,
      note: latest.note,
      lines: latest.lines.map((line, index) => ({
        position: line.position,
        what: [line.description, line.decoration].filter(Boolean).join(", "),
        setup: line.setupPaisa ? formatPkr(line.setupPaisa) : null,
        options: line.options.map((option) => ({
          position: option.position,
          label: optionLabel(option),
          checked: choices[index] === option.position,
          recommended: asked !== null && line.options.length > 1 && nearest[index] === option.position,
        })),
      })),
      choices,
      totals: totalsView(quotationTotals(latest, choices)),
      optionTotals:
        entries.length > 1
          ? entries.map((entry) => ({
              title: `${optionTitle(entry)}: ${optionQuantities(entry)}`,
              recommended: entry.nearest && asked !== null ? nearestNote(asked) : null,
              totals: totalsView(entry.totals),
              hasDelivery: entry.totals.deliveryPaisa > 0,
            }))
          : [],
      prices: {
        lines: latest.lines.map((line) => ({
          setupPaisa: line.setupPaisa,
          options: line.options.map(({ quantity, unitPaisa }) => ({ quantity, unitPaisa })),
        })),
        deliveryPaisa: latest.deliveryPaisa,
        taxRateBp: latest.taxRateBp,
      },
      expired: state === "expired" ? text.expired(validUntil) : null,
      changes:
        latest.changesText && latest.changesAt
          ? { text: latest.changesText, at: pakistanTime(latest.changesAt) }
          : null,
      acceptance: acceptanceView(latest, order),
    },
    earlier: versions
      .slice(0, -1)
      .reverse()
      .map((version, index, newestFirst) => ({
        version: version.version!,
        sent: pakistanTime(version.sentAt!),
        // Newest first: the one listed before this one (or the latest) replaced it.
        replacedBy: text.replacedBy((newestFirst[index - 1] ?? latest).version!),
        changes: version.changesText,
      })),
    order: order && latest.acceptance ? text.order(order.reference, pakistanTime(latest.acceptance.acceptedAt)) : null,
  };
}

/** The acceptance record of a request (its order's), or null. */
export function acceptanceRecord(answers: QuotationAnswers, quote: StoredQuote) {
  const order = answers.orders.forRequest(quote.id);
  if (!order) return null;
  const accepted = answers.quotations.versions(quote.id).find((version) => version.id === order.quotationId);
  const view = accepted && acceptanceView(accepted, order);
  return view ? { reference: quote.reference, ...view } : null;
}

/** What accepting will record, in plain words, before the buyer's final "Accept". */
export type AcceptanceReview = {
  version: number;
  lines: string[];
  total: string;
  taxLabel: string;
  name: string;
  role: string;
  poNumber: string;
  /** The tax registration as typed (sent again hidden) and in words; null when the section was left empty. */
  taxFacts: { values: TaxFactsValues; lines: string[] } | null;
};

/** What the buyer typed in the acceptance form, shown again when it is refused or changed. */
export type EnteredAcceptance = { name: string; role: string; poNumber: string; taxFacts: TaxFactsValues };

export type QuotationPostResult =
  | { done: "accepted" | "changes" }
  | {
      intent: QuotationAnswer["intent"];
      status: 200 | 400 | 409;
      error: string | null;
      choices: number[];
      /** The review step's summary, when its post was in order. */
      review?: AcceptanceReview;
      /** What the buyer typed, shown again in the form. */
      entered?: EnteredAcceptance;
      /** The tax registration's refused fields, each with its message. */
      taxErrors?: Partial<Record<keyof TaxFactsValues, string>>;
    };

/**
 * One post of the buyer's quotation forms: "Update total" (the page shows the totals of the posted
 * choices), "Accept" or "Ask for changes". A refusal says why and changes nothing.
 */
export function answerQuotation(
  answers: QuotationAnswers,
  quote: StoredQuote,
  form: Record<string, FormDataEntryValue>,
  now = new Date(),
): QuotationPostResult {
  const choices = postedChoices(form);
  const parsed = quotationAnswerSchema.safeParse(answerInput(form));
  const intent =
    form.intent === "quotation-changes" || form.intent === "totals" || form.intent === "review"
      ? form.intent
      : "accept";
  const typed = (name: string) => (typeof form[name] === "string" ? (form[name] as string).slice(0, 200) : "");
  const entered = {
    name: typed("name"),
    role: typed("role"),
    poNumber: typed("poNumber"),
    taxFacts: taxFactsValuesOf(form),
  };
  if (!parsed.success)
    return {
      intent,
      status: 400,
      error: parsed.error.issues[0]?.message ?? text.checkForm,
      choices,
      entered,
      taxErrors: taxFactsErrors(parsed.error),
    };
  const answer = parsed.data;
  if (answer.intent === "totals") return { intent, status: 200, error: null, choices, entered };
  const validUntil = answers.quotations.version(quote.id, answer.version)?.validUntil;
  const refused = (reason: AnswerRefusal): QuotationPostResult => ({
    intent,
    status: 409,
    error: reason === "expired" && validUntil ? text.expired(longDate(validUntil)) : text.refused[reason],
    choices,
  });
  if (answer.intent === "quotation-changes") {
    const result = answers.askChanges(quote.id, answer.version, answer.changes, now);
    return result.ok ? { done: "changes" } : refused(result.reason);
  }
  if (answer.intent === "review") {
    // Nothing is recorded: the same checks as accepting, then the summary with the final button.
    const quotation = answers.quotations.version(quote.id, answer.version);
    const latest = answers.quotations.versions(quote.id).at(-1);
    if (!quotation || latest?.id !== quotation.id) return { ...refused("not_latest"), entered };
    const state = quotationState(quotation, latest.version, now.getTime());
    if (state === "accepted") return { ...refused("accepted"), entered };
    if (state === "expired") return { ...refused("expired"), entered };
    if (quotation.changesText) return { ...refused("changes_asked"), entered };
    if (quotation.sha256 !== answer.sha256) return { ...refused("changed"), entered };
    const fit = checkChoices(quotation, choices);
    if (!fit) return { ...refused("choices"), entered };
    const totals = quotationTotals(quotation, fit);
    return {
      intent,
      status: 200,
      error: null,
      choices: fit,
      entered,
      review: {
        version: answer.version,
        lines: chosenLines(quotation, fit),
        total: formatPkr(totals.totalPaisa),
        taxLabel: text.salesTax(formatRate(quotation.taxRateBp)),
        name: answer.name,
        role: answer.role,
        poNumber: answer.poNumber,
        taxFacts: answer.taxFacts && { values: entered.taxFacts, lines: taxFactsInWords(answer.taxFacts) },
      },
    };
  }
  const result = answers.accept(quote.id, { ...answer, choices }, now);
  return result.ok ? { done: "accepted" } : refused(result.reason);
}
