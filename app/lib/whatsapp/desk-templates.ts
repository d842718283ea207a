/**
 * The approved WhatsApp templates the desk may send when the buyer has not written for 24 hours: the
 * message kind each stands for, its name as approved at Meta, and what the desk calls it. Each carries
 * the buyer's name, the reference and the buyer's private link. The messaging registry's list of
 * WhatsApp templates says the same; this one constant is what the desk reads until it is swapped for it.
 */
export const whatsAppTemplateChoices = [
  { kind: "proof", name: "proof_ready", label: "Proof ready" },
  { kind: "quotation", name: "quotation_sent", label: "Quotation sent" },
  { kind: "order-stage", name: "order_dispatched", label: "Order dispatched" },
  { kind: "invoice", name: "invoice_issued", label: "Invoice issued" },
] as const satisfies readonly { kind: string; name: string; label: string }[];

export type WhatsAppTemplateKind = (typeof whatsAppTemplateChoices)[number]["kind"];

export const whatsAppTemplateKinds = whatsAppTemplateChoices.map((choice) => choice.kind) as [
  WhatsAppTemplateKind,
  ...WhatsAppTemplateKind[],
];

/** The template a kind is sent as, or undefined for a kind the desk does not send by template. */
export const whatsAppTemplateOf = (kind: string) => whatsAppTemplateChoices.find((choice) => choice.kind === kind);

/** The template by its approved name ("proof_ready"), as a sent message's payload keeps it. */
export const whatsAppTemplateNamed = (name: string) => whatsAppTemplateChoices.find((choice) => choice.name === name);
