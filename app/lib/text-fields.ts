import * as z from "zod/mini"; // the mini build: its schemas and checks also fit the full build's forms

// No JIT: zod would otherwise compile parsers with `new Function`, which the Content-Security-Policy blocks.
z.config({ jitless: true });

/**
 * Control characters (C0, DEL, C1: a CR/LF starts a mail header, ESC drives a terminal, BEL rings) and
 * the bidi embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069), which make
 * `evil<U+202E>gnp.svg` read as `evilsvg.png`. Letters of any script (Urdu too) are not among them.
 */
const controlOrDirection = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const controlOrDirectionEvery = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** Whether one-line text holds a character it may not: a control or text-direction character. */
export const hasUnsafeCharacters = (text: string) => controlOrDirection.test(text);

/** What a one-line field answers when it holds such a character, naming the field. */
export const oneLineMessage = (label: string) =>
  `${label} must be one line of text, without control or text-direction characters.`;

/**
 * Several lines as kept: line breaks (CRLF and CR become LF) and tabs stay; every other control
 * character and every text-direction character is removed.
 */
export const keepLinesAndTabs = (text: string) =>
  text.replace(/\r\n?/g, "\n").replace(controlOrDirectionEvery, (char) => (char === "\n" || char === "\t" ? char : ""));

/**
 * One-line text made safe where refusing it is not ours to do (the public quote form, whose rules the
 * spec fixes): line breaks and tabs become spaces, other control and text-direction characters go.
 */
export const flattenToOneLine = (text: string) =>
  text.replace(/[\t\n\v\f\r\u0085]/g, " ").replace(controlOrDirectionEvery, "");

/**
 * A file name from outside as stored and shown: control and text-direction characters removed, runs of
 * spaces as one, at most `max` characters; `fallback` when nothing is left.
 */
export function cleanFileName(name: string, max = 200, fallback = "file"): string {
  const cleaned = name.replace(controlOrDirectionEvery, "").replace(/\s+/g, " ").trim().slice(0, max).trim();
  return cleaned || fallback;
}

/** The check of a one-line field, for either zod build's `.check()`. */
export const oneLine = (label: string) =>
  z.refine<string>((value) => !hasUnsafeCharacters(value), { message: oneLineMessage(label), abort: true });

/** The clean-up of a several-line field, for either zod build's `.check()`: only line breaks and tabs stay. */
export const severalLines = () => z.overwrite(keepLinesAndTabs);

type FieldOptions = {
  /** The message when it is empty: the field must say something. Without it, empty (or absent) is "". */
  required?: string;
  /** The message when it is longer than `max`. */
  tooLong?: string;
};

const tooLongMessage = (label: string, max: number) =>
  `${label} is too long (at most ${max.toLocaleString("en-US")} characters).`;

/**
 * A one-line text field: trimmed; a control or text-direction character is refused with a message
 * naming the field; at most `max` characters. Optional fields read absent as "".
 */
export function oneLineText(label: string, max: number, { required, tooLong }: FieldOptions = {}) {
  const text = z
    .string({ error: required ?? `${label} must be text.` })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, required)] : []),
      oneLine(label),
      z.maxLength(max, tooLong ?? tooLongMessage(label, max)),
    );
  return required ? text : z._default(text, "");
}

/**
 * A several-line text field: only line breaks and tabs are kept of the control and text-direction
 * characters (the others are removed), then trimmed; at most `max` characters. Optional fields read
 * absent as "".
 */
export function severalLinesText(label: string, max: number, { required, tooLong }: FieldOptions = {}) {
  const text = z
    .string({ error: required ?? `${label} must be text.` })
    .check(
      severalLines(),
      z.trim(),
      ...(required ? [z.minLength(1, required)] : []),
      z.maxLength(max, tooLong ?? tooLongMessage(label, max)),
    );
  return required ? text : z._default(text, "");
}
