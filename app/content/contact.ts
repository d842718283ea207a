/** Texts of the contact page and its quote form. Notices quoted in the spec are word for word. */

export const contactHero = {
  eyebrow: "Contact",
  title: "Request a Quote",
  lead: "Tell us what you'd like branded, how many and by when. We reply within 24 business hours with ideas, a mockup plan and a quotation.",
} as const;

export type QuoteFieldName = "name" | "company" | "email" | "phone" | "product" | "message";

export type QuoteFieldText = {
  name: QuoteFieldName;
  label: string;
  required: boolean;
  placeholder?: string;
};

/** The form's fields, in order. Rules and length caps live in app/lib/quote-schema.ts. */
export const quoteFields: readonly QuoteFieldText[] = [
  { name: "name", label: "Name", required: true, placeholder: "Your full name" },
  { name: "company", label: "Company", required: false, placeholder: "Company or brand" },
  { name: "email", label: "Email", required: true, placeholder: "you@company.com" },
  { name: "phone", label: "Phone", required: false, placeholder: "+92 300 0000000" },
  {
    name: "product",
    label: "Products of interest",
    required: false,
    placeholder: "e.g. custom pens, chit pad boxes, mugs",
  },
  { name: "message", label: "Message", required: true, placeholder: "Quantities, colours, logo, deadline…" },
];

export const quoteFieldLabel = Object.fromEntries(quoteFields.map((field) => [field.name, field.label])) as Record<
  QuoteFieldName,
  string
>;

/** The optional logo on the quote form (the limits are the server's, app/lib/design-schema.ts). */
export const quoteLogoField = {
  label: "Attach your logo (optional)",
  hint: "SVG, PNG, JPEG or WebP; at most 5 MB (SVG 1 MB).",
} as const;

export const quoteForm = {
  title: "Tell us about your project",
  intro: "Fields marked * are required.",
  submit: "Submit Quote Request",
  submitting: "Sending…",
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
