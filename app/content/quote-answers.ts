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
  /** Said in the browser before sending a logo the server would refuse. */
  logoTooLarge: { title: "Logo too large", description: "Logo too large: at most 5 MB (an SVG at most 1 MB)." },
} as const;
