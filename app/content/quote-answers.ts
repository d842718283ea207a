/**
 * What a quote request is answered: by the server's action, or by the form's client action before
 * sending (spec sections 8 and 9, word for word).
 */
export const quoteAnswers = {
  success: { title: "Quote Request Submitted!", description: "We'll get back to you within 24 hours." },
  failed: {
    title: "We couldn't send your request",
    description:
      "Your connection or our server had a problem, and nothing you typed is lost. Try again in a moment, or send the same text to us directly:",
  },
  rateLimited: {
    title: "Too many requests",
    description:
      "We've received several quote requests from your network in the last few minutes. Please wait a few minutes and try again, or send the same text to us directly:",
  },
  /** The e-mail field holds more or other than one address (a list, a name, a header). */
  invalidEmail: {
    title: "Invalid e-mail address",
    description: "Please enter one e-mail address, such as name@company.com.pk, and nothing else in that field.",
  },
  /** "Reply on WhatsApp" is ticked, and the phone is not a number WhatsApp reaches (or is empty). */
  whatsappPhone: {
    title: "Check the phone number",
    description: "Please give a mobile number WhatsApp reaches, e.g. 0300 1234567.",
  },
  /** The optional quantity is not a whole number of pieces in range. */
  invalidQuantity: {
    title: "Check the quantity",
    description: "Quantity must be a whole number of pieces, from 1 to 1,000,000 (such as 500), or left empty.",
  },
  /** The optional needed-by date is not a date (the date field always posts one). */
  invalidNeededBy: {
    title: "Check the date",
    description: "Needed by must be a date, such as 2026-12-14, or left empty.",
  },
  neededByPast: {
    title: "Check the date",
    description: "Needed by is in the past: choose today or a later date, or leave it empty.",
  },
  /** `latest`: YYYY-MM-DD, two years from today. */
  neededByTooFar: (latest: string) => ({
    title: "Check the date",
    description: `Needed by is more than 2 years ahead: choose a date up to ${readableDate(latest)}, or leave it empty.`,
  }),
  /** Said in the browser before sending a logo the server would refuse. */
  logoTooLarge: { title: "Logo too large", description: "Logo too large: at most 5 MB (an SVG at most 1 MB)." },
} as const;

/** "2028-11-26" as "26 November 2028". */
function readableDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
