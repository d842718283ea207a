import { flattenToOneLine } from "~/lib/text-fields";

/**
 * Whitespace runs (CR and LF among them) as one space, other control and text-direction characters
 * removed: nothing typed by a buyer can start a header line or turn a subject around.
 */
export const oneLine = (text: string) => flattenToOneLine(text).replace(/\s+/g, " ").trim();

/** The subject of the office's e-mail about a request. */
export const notificationSubject = (quote: { reference: string; name: string; company: string }) =>
  oneLine(`${quote.reference}: quote request from ${quote.name}${quote.company ? ` (${quote.company})` : ""}`).slice(
    0,
    200,
  );
