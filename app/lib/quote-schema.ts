import * as z from "zod/mini"; // the mini build: a smaller chunk for the browser
import { quoteFieldLabel, quoteNotices } from "~/content/contact";
import { quoteAnswers } from "~/content/quote-answers";
import { isEmailAddress, maxEmailAddressLength } from "./email-address";
import { isCalendarDate, neededByRange } from "./needed-by";
import {
  isRequiredQuoteField,
  REPLY_ON_WHATSAPP,
  type QuoteFieldName,
  type QuoteTextFieldName,
  quoteTextFieldNames,
} from "./quote-fields";
import { whatsappNumberOf } from "./whatsapp/phone";
import { flattenToOneLine, keepLinesAndTabs } from "./text-fields";

// No JIT: zod would otherwise compile parsers with `new Function`, which the Content-Security-Policy
// (no unsafe-eval) blocks and reports in the browser.
z.config({ jitless: true });

export { quoteAsText } from "./quote-text";
export { NEEDED_BY_YEARS_AHEAD, neededByRange } from "./needed-by";

/**
 * The quote request, one schema for the browser and the server (spec section 5): values are
 * trimmed, so a value of only spaces counts as empty; name, email and message are required; the
 * email is one address by the rule of the form's type=email field, which the browser checks itself.
 * The server also caps lengths no real buyer reaches; the browser acts on the required rule only.
 * The optional quantity is a whole number of pieces and the optional needed-by date a day from today
 * to two years ahead (in Pakistan), both null when left empty.
 * "Reply on WhatsApp" ticked makes the reply channel "whatsapp" and asks for a phone WhatsApp reaches;
 * not ticked, it is "email" and the phone keeps the spec's rule (none).
 * The browser loads this module (and zod) on the form's first submission (app/lib/send-quote.ts).
 */
export const quoteLimits = {
  name: 200,
  company: 200,
  email: maxEmailAddressLength,
  phone: 50,
  product: 500,
  message: 10_000,
} as const satisfies Record<QuoteTextFieldName, number>;

/** How many pieces a request may ask for. */
export const quantityLimits = { min: 1, max: 1_000_000 } as const;

const MISSING = "missing";
const NOT_ONE_ADDRESS = "not one e-mail address";
const BAD_QUANTITY = "bad quantity";
const BAD_DATE = "bad date";
const NOT_WHATSAPP = "not a number WhatsApp reaches";

/** Longer than any quantity or date written out: a value past it is not one. */
const SHORT_VALUE = 30;

function field(name: QuoteTextFieldName) {
  const required = isRequiredQuoteField(name);
  const text = z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MISSING : `${quoteFieldLabel[name]} must be text.`,
    })
    .check(
      // What is stored goes on to mails, the desk and exports: the message keeps only its line breaks and
      // tabs of the control and direction characters, the one-line fields none. Cleaned, not refused:
      // the form's rules are the spec's.
      z.overwrite(name === "message" ? keepLinesAndTabs : flattenToOneLine),
      z.trim(),
      z.maxLength(
        quoteLimits[name],
        `${quoteFieldLabel[name]} is too long (at most ${quoteLimits[name].toLocaleString("en-US")} characters).`,
      ),
    );
  const checked =
    name === "email" ? text.check(z.refine((value) => value === "" || isEmailAddress(value), NOT_ONE_ADDRESS)) : text;
  return required
    ? checked.check(z.minLength(1, MISSING))
    : z.pipe(
        z.transform((value: unknown) => value ?? ""),
        checked,
      );
}

/** An optional short value: absent is "", then trimmed. */
const shortText = (name: QuoteFieldName) =>
  z.pipe(
    z.transform((value: unknown) => value ?? ""),
    z.string({ error: `${quoteFieldLabel[name]} must be text.` }).check(z.trim()),
  );

/** "500", "1,000" or "1 000" as a number; NaN for anything else (a fraction, words, "1e3"). */
function pieces(text: string): number {
  const digits = text.replace(/[,\s]/g, "");
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}

const quantityField = z
  .pipe(
    shortText("quantity"),
    z.transform((text: string) => (text === "" ? null : text.length > SHORT_VALUE ? Number.NaN : pieces(text))),
  )
  .check(
    z.refine(
      (value: number | null) =>
        value === null || (Number.isInteger(value) && value >= quantityLimits.min && value <= quantityLimits.max),
      BAD_QUANTITY,
    ),
  );

const neededByField = z
  .pipe(
    shortText("neededBy"),
    z.transform((text: string) => (text === "" ? null : text)),
  )
  .check(z.refine((value: string | null) => value === null || isCalendarDate(value), BAD_DATE));

/** Ticked, the checkbox posts "whatsapp"; not ticked, nothing: the buyer is answered by e-mail alone. */
const replyChannelField = z.pipe(
  z.pipe(
    shortText("replyChannel"),
    z.transform((text: string) => text || "email"),
  ),
  z.enum(["email", REPLY_ON_WHATSAPP], { error: `${quoteFieldLabel.replyChannel} is ticked or left empty.` }),
);

export const quoteSchema = z
  .object({
    ...(Object.fromEntries(quoteTextFieldNames.map((name) => [name, field(name)])) as Record<
      QuoteTextFieldName,
      ReturnType<typeof field>
    >),
    replyChannel: replyChannelField,
    quantity: quantityField,
    neededBy: neededByField,
  })
  .check(
    z.refine((quote) => quote.replyChannel !== "whatsapp" || whatsappNumberOf(quote.phone) !== null, {
      message: NOT_WHATSAPP,
      path: ["phone"],
    }),
  );

export type QuoteFields = z.infer<typeof quoteSchema>;

export type QuoteProblem = {
  code:
    | "missing"
    | "too_long"
    | "invalid_email"
    | "invalid_whatsapp_phone"
    | "invalid_quantity"
    | "invalid_needed_by"
    | "invalid";
  title: string;
  message: string;
  /** The fields at fault. */
  fields: QuoteFieldName[];
};

export type QuoteCheck = { ok: true; data: QuoteFields } | { ok: false; problem: QuoteProblem };

/**
 * Checks a submission against the schema, and its needed-by date against the day it is sent (`now`);
 * a missing required field wins over every other problem.
 */
export function checkQuote(input: unknown, now: Date = new Date()): QuoteCheck {
  const result = quoteSchema.safeParse(input);
  if (result.success) {
    const { neededBy } = result.data;
    const { earliest, latest } = neededByRange(now);
    if (neededBy !== null && neededBy < earliest) return neededByProblem(quoteAnswers.neededByPast);
    if (neededBy !== null && neededBy > latest) return neededByProblem(quoteAnswers.neededByTooFar(latest));
    return { ok: true, data: result.data };
  }
  const issues = result.error.issues;
  const fieldsOf = (list: typeof issues) => [...new Set(list.map((issue) => issue.path[0] as QuoteFieldName))];

  const missing = issues.filter((issue) => issue.message === MISSING);
  if (missing.length) {
    return {
      ok: false,
      problem: {
        code: "missing",
        ...titleAndMessage(quoteNotices.missing),
        fields: fieldsOf(missing),
      },
    };
  }
  if (issues.some((issue) => issue.path.length === 0)) {
    return {
      ok: false,
      problem: {
        code: "invalid",
        title: "Invalid request",
        message: "Send the quote request as an object of text fields.",
        fields: [],
      },
    };
  }
  const tooLong = issues.filter((issue) => issue.code === "too_big");
  if (!tooLong.length && issues.some((issue) => issue.message === NOT_ONE_ADDRESS)) {
    return {
      ok: false,
      problem: { code: "invalid_email", ...titleAndMessage(quoteAnswers.invalidEmail), fields: ["email"] },
    };
  }
  if (!tooLong.length && issues.some((issue) => issue.message === NOT_WHATSAPP)) {
    return {
      ok: false,
      problem: { code: "invalid_whatsapp_phone", ...titleAndMessage(quoteAnswers.whatsappPhone), fields: ["phone"] },
    };
  }
  if (!tooLong.length && issues.some((issue) => issue.message === BAD_QUANTITY)) {
    return {
      ok: false,
      problem: { code: "invalid_quantity", ...titleAndMessage(quoteAnswers.invalidQuantity), fields: ["quantity"] },
    };
  }
  if (!tooLong.length && issues.some((issue) => issue.message === BAD_DATE))
    return neededByProblem(quoteAnswers.invalidNeededBy);
  const first = tooLong[0] ?? issues[0];
  return {
    ok: false,
    problem: {
      code: tooLong.length ? "too_long" : "invalid",
      title: tooLong.length ? "Too long" : "Invalid request",
      message: first?.message ?? "The request could not be read.",
      fields: fieldsOf(tooLong.length ? tooLong : issues),
    },
  };
}

/**
 * The browser's own rule (spec section 5), from the same schema: the required fields that are empty
 * or only spaces. It acts on nothing else (no length or format check in the browser).
 */
export function missingRequiredFields(values: Partial<Record<QuoteFieldName, string>>): QuoteFieldName[] {
  const check = checkQuote(values);
  return !check.ok && check.problem.code === "missing" ? check.problem.fields : [];
}

function neededByProblem(notice: { title: string; description: string }): QuoteCheck {
  return { ok: false, problem: { code: "invalid_needed_by", ...titleAndMessage(notice), fields: ["neededBy"] } };
}

function titleAndMessage(notice: { title: string; description: string }) {
  return { title: notice.title, message: notice.description };
}
