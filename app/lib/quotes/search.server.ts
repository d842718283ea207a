import { formatReference } from "./store.server";

/**
 * What a search typed in the inbox looks for, read against the FTS5 index of drizzle/0006_search.sql
 * (quotes_search: name, company, email, product, message, ref, phone):
 * - a reference (Q-2026-0042, any case, its number's zeros optional): that request only;
 * - a phone number in any common form (0300-1234567, +92 300 1234567, 0092…, 300 1234567, 1234567),
 *   7 digits or more and nothing but digits, spaces, +, -, brackets, dots and slashes: its digits
 *   against the forms the index holds;
 * - a number alone of up to 6 digits (42, 0042): the reference numbered so, in any year, or a word
 *   that starts with it;
 * - anything else: requests with every word typed at the start of a word (pha finds Pharma), or, with
 *   words of 3 characters or more, inside a word too (harma finds Pharma): those words are read
 *   against the trigram index of drizzle/0009_search_inside_words.sql (quotes_inside_words), the
 *   shorter ones still against the starts of words.
 * The user's text is never FTS5 syntax: each word goes in as a quoted string (its quotes doubled), so
 * AND, OR, NOT, NEAR, *, ^, :, brackets and quotes are words like any other.
 */
export type SearchPlan =
  | { reference: string }
  | {
      /** Every word at the start of a word (the index of 0006). */
      match: string;
      /**
       * With words of 3 characters or more: those inside words (the trigram index), the shorter ones
       * (`starts`) at a word's start; `orMatch`: or else as `match` says, for a word with punctuation,
       * which the trigram index reads as typed and the word index leaves out.
       */
      inside?: { match: string; starts: string | null; orMatch: boolean };
    }
  | { nothing: true };

/** Fewer characters than a trigram find nothing in the trigram index. */
const INSIDE_MIN_CHARS = 3;

const MAX_LENGTH = 200;
const WORD_COLUMNS = "{name company email product message}";

/** One quoted FTS5 string (a phrase of the tokens in it), its last token a prefix. */
const quoted = (text: string, prefix = true) => `"${text.replace(/"/g, '""')}"${prefix ? "*" : ""}`;

/** Whether a word holds anything the index's tokenizer keeps (letters, digits, marks). */
const hasToken = (word: string) => /[\p{L}\p{N}\p{M}]/u.test(word);

export function searchPlan(typed: string): SearchPlan | null {
  const text = typed.trim().slice(0, MAX_LENGTH);
  if (!text) return null;

  const reference = /^q-?(\d{4})-?(\d{1,9})$/i.exec(text);
  if (reference) return { reference: formatReference(Number(reference[1]), Number(reference[2])) };

  if (/^[\d\s()+\-./]+$/.test(text)) {
    let digits = text.replace(/\D/g, "");
    if (digits.length >= 7) {
      if (digits.startsWith("00")) digits = digits.slice(2); // 0092…, dialled from abroad
      return { match: `phone : ${quoted(digits)}` };
    }
  }

  const number = /^#?(\d{1,6})$/.exec(text);
  if (number)
    return { match: `ref : ${quoted(String(Number(number[1])), false)} OR ${WORD_COLUMNS} : ${quoted(number[1]!)}` };

  const words = text.split(/\s+/).filter(hasToken);
  if (words.length === 0) return { nothing: true };
  const match = words.map((word) => quoted(word)).join(" AND ");
  const long = words.filter((word) => [...word].length >= INSIDE_MIN_CHARS);
  if (long.length === 0) return { match };
  const short = words.filter((word) => [...word].length < INSIDE_MIN_CHARS);
  return {
    match,
    inside: {
      match: long.map((word) => quoted(word, false)).join(" AND "),
      starts: short.length > 0 ? short.map((word) => quoted(word)).join(" AND ") : null,
      orMatch: long.some((word) => /[^\p{L}\p{N}\p{M}]/u.test(word)),
    },
  };
}
