import { designFields } from "./upload-rules";

/*
 * The names a quote request is posted with, in one place: the form renders them, the shared schema
 * (./quote-schema.ts) checks them, the client action reads them and the server
 * (./quotes/http.server.ts) takes them in. Plain constants, so the form's first view needs no zod.
 */

/**
 * The fields, in the form's order (spec section 3), with the two optional ones a quotation depends on:
 * how many pieces, and the date the buyer needs them in hand; and, beside e-mail and phone, the buyer's
 * choice to be answered on WhatsApp too (a checkbox posting `replyChannel=whatsapp`, nothing when not ticked).
 */
export const quoteFieldNames = [
  "name",
  "company",
  "email",
  "phone",
  "replyChannel",
  "product",
  "quantity",
  "neededBy",
  "message",
] as const;
export type QuoteFieldName = (typeof quoteFieldNames)[number];

/** The fields of free text (the others are the reply channel, a number and a date). */
export const quoteTextFieldNames = [
  "name",
  "company",
  "email",
  "phone",
  "product",
  "message",
] as const satisfies readonly QuoteFieldName[];
export type QuoteTextFieldName = (typeof quoteTextFieldNames)[number];

/** The value the reply-on-WhatsApp checkbox posts when ticked. */
export const REPLY_ON_WHATSAPP = "whatsapp";

/** Spec section 5: the fields that must not be empty (or only spaces). */
export const requiredQuoteFields = ["name", "email", "message"] as const satisfies readonly QuoteFieldName[];

export const isRequiredQuoteField = (name: QuoteFieldName) => (requiredQuoteFields as readonly string[]).includes(name);

export type QuoteValues = Record<QuoteFieldName, string>;

export const emptyQuote: QuoteValues = Object.freeze(
  Object.fromEntries(quoteFieldNames.map((name) => [name, ""])) as QuoteValues,
);

/**
 * What the form posts beside its text: the honeypot (a plausible name, so form-filling bots fill it in),
 * the key its script keeps across retries of one request, the page it was sent from, and the files and
 * design of ./upload-rules.ts.
 */
export const quotePostFields = {
  honeypot: "website",
  idempotencyKey: "idempotencyKey",
  page: "page",
  ...designFields,
} as const;

/** The fields of a posted form, as posted (FormData or URLSearchParams); an absent or non-text field is "". */
export function quoteValuesOf(form: { get(name: string): unknown }): QuoteValues {
  return Object.fromEntries(
    quoteFieldNames.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as QuoteValues;
}
