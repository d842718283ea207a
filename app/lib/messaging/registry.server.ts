import type { AuditEventData } from "~/lib/audit/events";
import type { WhatsAppOutgoing } from "./channels";
import type { MailEnvelope, Rendered } from "./email.server";
import type { Message } from "./messaging.server";

type Awaitable<T> = T | Promise<T>;

/** Makes a queued message's e-mail as it goes now; null: it is not to be sent (its request or document is gone). */
export type EmailTemplate = (
  message: Message,
  context: { envelope: MailEnvelope; now: Date },
) => Awaitable<Rendered | null>;

/** What a WhatsApp template makes of a message: what the Cloud API is given, the history's event once sent, its name in the log. */
export type WhatsAppRendered = { outgoing: WhatsAppOutgoing; sentEvent: AuditEventData; label: string };

/** Makes a queued message's WhatsApp message as it goes now; null: it is not to be sent. */
export type WhatsAppTemplate = (message: Message, context: { now: Date }) => Awaitable<WhatsAppRendered | null>;

/** An approved WhatsApp template a kind sends: its name at Meta ("proof_ready") and the desk's words for it. */
export type ApprovedTemplate = { name: string; label: string };

export type KindDefinition = {
  email: EmailTemplate;
  /** Its WhatsApp message, when it has one. */
  whatsapp?: {
    render: WhatsAppTemplate;
    /**
     * The approved template it sends: the desk may choose it outside the 24-hour window, and a buyer who
     * chose WhatsApp gets it beside the e-mail. None: free text (the desk's reply inside the window).
     */
    template?: ApprovedTemplate;
    /** Whether this queued e-mail (its payload) also goes by WhatsApp to a buyer who chose it; always when absent. */
    twinWhen?: (payload: Record<string, unknown>) => boolean;
    /**
     * The payload the template carries when staff choose it on the desk (the request's newest proof, its
     * invoice), or null when the request has nothing yet it could point to; `{}` when absent.
     */
    fromDesk?: (quoteId: number) => Record<string, unknown> | null;
  };
  /** Who reads it: the buyer (their conversation shows it), or the office. */
  audience: "buyer" | "office";
  /** Its stored text is emptied once it is sent or cancelled: its module makes it again when needed. */
  textDropped?: boolean;
  /** What the history says of one stored without a subject (its subject is written as it is sent). */
  untitled?: string;
};

/** A kind's name, as messages.kind holds it (the database checks the same start). */
const KIND_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * The kinds of message the outbox sends, each registered by the module it belongs to with its templates
 * (the domain's store and documents closed over), so messaging itself knows channels and nothing of
 * quotations or orders. A kind is registered once; a message of a kind nobody registered is not sent.
 */
export class MessageKinds {
  private readonly kinds = new Map<string, KindDefinition>();

  register(kind: string, definition: KindDefinition): this {
    if (!KIND_NAME.test(kind)) throw new Error(`"${kind}" is not a message kind's name (lower case, digits and "-").`);
    if (this.kinds.has(kind)) throw new Error(`The message kind "${kind}" is registered twice.`);
    if (typeof definition.email !== "function") throw new Error(`The message kind "${kind}" has no e-mail template.`);
    this.kinds.set(kind, definition);
    return this;
  }

  get(kind: string): KindDefinition | undefined {
    return this.kinds.get(kind);
  }

  has(kind: string): boolean {
    return this.kinds.has(kind);
  }

  /** The kinds whose stored text is emptied once sent or cancelled. */
  textDroppedKinds(): string[] {
    return [...this.kinds].flatMap(([kind, definition]) => (definition.textDropped ? [kind] : []));
  }

  /** The registered kinds, in the order they were registered. */
  names(): string[] {
    return [...this.kinds.keys()];
  }

  /** The kinds a buyer reads (what their conversation shows of ours besides replies). */
  buyerKinds(): string[] {
    return [...this.kinds].flatMap(([kind, definition]) => (definition.audience === "buyer" ? [kind] : []));
  }

  /** The approved WhatsApp templates the desk may choose: the kind it queues, the template's name, its label. */
  whatsappTemplateChoices(): { kind: string; name: string; label: string }[] {
    return [...this.kinds].flatMap(([kind, { whatsapp }]) =>
      whatsapp?.template ? [{ kind, name: whatsapp.template.name, label: whatsapp.template.label }] : [],
    );
  }

  /**
   * The payload of this kind's template chosen on the desk for a request: null when the request has
   * nothing it could point to yet, undefined when the kind has no approved template.
   */
  deskTemplatePayload(kind: string, quoteId: number): Record<string, unknown> | null | undefined {
    const whatsapp = this.kinds.get(kind)?.whatsapp;
    if (!whatsapp?.template) return undefined;
    return whatsapp.fromDesk ? whatsapp.fromDesk(quoteId) : {};
  }

  /** Whether a buyer's e-mail of this kind, with this payload, goes by WhatsApp too to a buyer who chose it. */
  hasWhatsAppTwin(kind: string, payload: Record<string, unknown>): boolean {
    const definition = this.kinds.get(kind);
    const whatsapp = definition?.whatsapp;
    if (definition?.audience !== "buyer" || !whatsapp?.template) return false;
    return whatsapp.twinWhen ? whatsapp.twinWhen(payload) : true;
  }
}

/** A template message for a buyer: the body's {{1}}, {{2}}, {{3}}… in order (names fixed at Meta; English). */
export function templateMessage(to: string, name: string, bodyParameters: readonly string[]): WhatsAppOutgoing {
  return { to, type: "template", template: { name, language: "en", bodyParameters } };
}

/**
 * A buyer's approved template as it goes now: {{1}} the name it greets them by, {{2}} the reference,
 * {{3}} their private link (minted for this message, as its e-mail's is).
 */
export function buyerTemplateMessage(
  message: Pick<Message, "recipient">,
  template: ApprovedTemplate,
  { name, reference, link }: { name: string; reference: string; link: string },
  label: string,
): WhatsAppRendered {
  return {
    outgoing: templateMessage(message.recipient, template.name, [name, reference, link]),
    sentEvent: { type: "message.whatsapp_sent", payload: { label: template.label, to: message.recipient } },
    label,
  };
}
