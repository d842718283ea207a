import type { QuoteFieldName } from "~/lib/quote-fields";

/** Texts of the contact page and its quote form. Notices quoted in the spec are word for word. */

export const contactHero = {
  eyebrow: "Contact",
  title: "Request a Quote",
  lead: "Tell us what you'd like branded, how many and by when. We reply within 24 business hours with ideas, a mockup plan and a quotation.",
} as const;

/** Each field's words; the names, their order and which are required are in app/lib/quote-fields.ts. */
export const quoteFieldText: Record<QuoteFieldName, { label: string; placeholder: string; hint?: string }> = {
  name: { label: "Name", placeholder: "Your full name" },
  company: { label: "Company", placeholder: "Company or brand" },
  email: { label: "Email", placeholder: "you@company.com" },
  phone: { label: "Phone", placeholder: "+92 300 0000000" },
  replyChannel: {
    label: "Reply on WhatsApp",
    placeholder: "",
    hint: "We send your quotation, proofs and order news on WhatsApp too, to the mobile number above.",
  },
  product: { label: "Products of interest", placeholder: "e.g. custom pens, chit pad boxes, mugs" },
  quantity: { label: "Quantity", placeholder: "e.g. 500", hint: "Pieces in all (optional)." },
  neededBy: { label: "Needed by", placeholder: "", hint: "The day you need them in hand (optional)." },
  message: { label: "Message", placeholder: "Colours, sizes, logo, delivery city…" },
};

export const quoteFieldLabel = Object.fromEntries(
  Object.entries(quoteFieldText).map(([name, { label }]) => [name, label]),
) as Record<QuoteFieldName, string>;

/** The optional logo on the quote form (the limits are the server's, app/lib/upload-rules.ts). */
export const quoteLogoField = {
  label: "Attach your logo (optional)",
  hint: "SVG, PNG, JPEG or WebP; at most 5 MB (SVG 1 MB).",
  fromDesign: (fileName: string) => `Your logo (${fileName}) comes with your design: no need to attach it again.`,
} as const;

/** The design a buyer brings from the brand studio, shown at the top of the form and sent with it. */
export const attachedDesignText = {
  title: "Your design",
  item: "Item",
  name: "Name",
  noName: "Logo only",
  colours: "Colours",
  note: "Sent with your request: the mockup, your logo and the design's details.",
  remove: "Remove design",
  /** The message the form starts with: short, for the buyer to complete. */
  summary: ({ item, name, colours, logo }: { item: string; name: string; colours: string[]; logo: boolean }) => {
    const brand = [name && `our name "${name}"`, logo && "our logo"].filter(Boolean).join(" and ");
    const printed = colours.length ? `, printed in ${colours.join(", ")}` : "";
    // How many and by when have fields of their own, beside the message.
    return `Please quote the ${item}${brand ? ` with ${brand}` : ""}${printed}, as in the attached design.`;
  },
} as const;

export const quoteForm = {
  title: "Tell us about your project",
  intro: "Fields marked * are required.",
  submit: "Submit Quote Request",
  submitting: "Sending…",
} as const;

/** What stays in the form's place once a request is through (the title and line are the spec's). */
export const quoteConfirmation = {
  reference: "Your reference:",
  replyBy: (when: string) => `We'll answer by ${when}.`,
  nextTitle: "What happens next",
  next: [
    "We read your request and check how each item can be printed with your brand.",
    "We reply by e-mail with a quotation and a mockup plan, or with questions if we need details.",
    "Once you approve the mockup, production starts; we agree the delivery date with you.",
  ],
  direct: "In a hurry? Reach us directly:",
  whatsapp: "Chat on WhatsApp",
  another: "Send another request",
} as const;

/**
 * The notices the form shows (spec sections 5, 8 and 9) in its first view; those only its submit step
 * or the server's answer needs are in ./quote-answers.ts.
 */
export const quoteNotices = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  whatsapp: "Send by WhatsApp",
  email: "Send by e-mail",
} as const;

export const contactDetails = {
  title: "Contact details",
  office: "Office",
  phone: "Phone",
  email: "Email",
  whatsapp: "WhatsApp",
  whatsappLink: "Chat on WhatsApp",
  hours: "Business hours",
  closed: "Closed",
  responseTitle: "Response time",
  response: "We reply to every quote request within 24 business hours.",
} as const;
