import type { Actor } from "~/lib/audit/events";
import type { Messaging } from "~/lib/messaging/messaging.server";
import type { MessageKinds } from "~/lib/messaging/registry.server";
import { dayMonthTime, timeNearNow } from "~/lib/desk/time";
import { whatsappDisplay } from "./phone";
import type { WhatsAppConfig } from "./types";

/** Where a number stands in WhatsApp's 24-hour window (ISO UTC instants; null when the buyer never wrote). */
export type WhatsAppWindow = { open: boolean; lastInboundAt: string | null; closesAt: string | null };

/** What the desk reads of the buyers' WhatsApp numbers (app/lib/whatsapp/contacts.server.ts keeps them). */
export type WhatsAppContactBook = {
  windowOf(number: string, now: Date): WhatsAppWindow;
  /** When the number wrote STOP (ISO UTC), or null while templates may be sent to it. */
  optedOutAt(number: string): string | null;
};

/** The request as the desk's WhatsApp needs it: its number as WhatsApp names it (E.164 digits), if any. */
export type WhatsAppDeskQuote = { id: number; whatsappNumber: string | null };

/** A staff member sending from the desk: named in the history, their account kept on the message. */
export type WhatsAppDeskActor = Actor & { staffId: number | null };

export type WhatsAppDeskState = {
  /** Whether the WhatsApp Business number is connected (its settings are set); if not, the desk uses click-to-chat. */
  connected: boolean;
  /** The request's number, E.164 digits ("923001234567"), or null when it has none WhatsApp reaches. */
  number: string | null;
  /** The number as the desk shows it: "+92 300 1234567". */
  displayNumber: string | null;
  /** Null when there is no number. */
  window: WhatsAppWindow | null;
  /** When the buyer wrote STOP (ISO UTC), or null. */
  optedOutAt: string | null;
  templates: { kind: string; label: string }[];
};

/** The approved templates, as the modules registered them with their message kinds. */
export type WhatsAppTemplates = Pick<MessageKinds, "whatsappTemplateChoices" | "deskTemplatePayload">;

/** Why a send was refused: the desk says each plainly. */
export type WhatsAppRefusal =
  "not-connected" | "no-number" | "window-closed" | "opted-out" | "unknown-template" | "nothing-to-point-to";

/** `queued` false: the same form (its request key) was sent before, and nothing more was queued. */
export type WhatsAppSendResult = { ok: true; queued: boolean } | { ok: false; refused: WhatsAppRefusal };

/**
 * The office's side of WhatsApp on a request: where its window stands, free text inside it, approved
 * templates at any time unless the buyer wrote STOP. Every check is made here, on the server, whatever the
 * page showed; each send is queued in the one outbox in the transaction that writes its history.
 */
export class WhatsAppDesk {
  private readonly messaging: Messaging;
  private readonly config: WhatsAppConfig | null;
  private readonly contacts: WhatsAppContactBook;
  private readonly templates: WhatsAppTemplates;
  private readonly queued: () => void;

  constructor({
    messaging,
    config,
    contacts,
    templates,
    afterQueued = () => {},
  }: {
    messaging: Messaging;
    /** Null: WHATSAPP_* are not set, and nothing is sent. */
    config: WhatsAppConfig | null;
    contacts: WhatsAppContactBook;
    templates: WhatsAppTemplates;
    /** Called once a message is queued (to wake the outbox). */
    afterQueued?: () => void;
  }) {
    this.messaging = messaging;
    this.config = config;
    this.contacts = contacts;
    this.templates = templates;
    this.queued = afterQueued;
  }

  get connected(): boolean {
    return this.config !== null;
  }

  state(quote: WhatsAppDeskQuote, now = new Date()): WhatsAppDeskState {
    const number = quote.whatsappNumber;
    return {
      connected: this.connected,
      number,
      displayNumber: number && whatsappDisplay(number),
      window: number ? this.contacts.windowOf(number, now) : null,
      optedOutAt: number ? this.contacts.optedOutAt(number) : null,
      templates: this.templates.whatsappTemplateChoices().map(({ kind, label }) => ({ kind, label })),
    };
  }

  /**
   * Queues free text to the buyer, inside the 24 hours after their last WhatsApp message, and as an
   * e-mail reply does: written into the history and the request handed to the buyer (Waiting on buyer), in
   * one transaction. The same `requestKey` again queues nothing.
   */
  sendText(
    quote: WhatsAppDeskQuote,
    text: string,
    actor: WhatsAppDeskActor,
    requestKey: string,
    now = new Date(),
  ): WhatsAppSendResult {
    const number = quote.whatsappNumber;
    if (!this.connected) return { ok: false, refused: "not-connected" };
    if (!number) return { ok: false, refused: "no-number" };
    const store = this.messaging.store;
    const queued = store.db
      .transaction(() => {
        // Read inside the transaction: a window that closed while the form was open is closed.
        if (!this.contacts.windowOf(number, now).open) return null;
        const id = this.messaging.queue({
          quoteId: quote.id,
          kind: "reply",
          channel: "whatsapp",
          recipient: number,
          subject: "",
          payload: { body: text, staffName: actor.name, staffEmail: actor.email },
          staffId: actor.staffId,
          requestKey,
          now,
        });
        if (id === null) return false;
        const who = { name: actor.name, email: actor.email };
        store.audit.record({
          subject: { type: "request", id: quote.id },
          actor: who,
          at: now,
          type: "request.reply_sent",
          payload: { text },
        });
        store.changeStatus(quote.id, { type: "replied" }, {}, who, now);
        return true;
      })
      .immediate();
    if (queued === null) return { ok: false, refused: "window-closed" };
    if (queued) this.queued();
    return { ok: true, queued };
  }

  /**
   * Queues an approved template (one of the four) to the buyer: refused when they wrote STOP. It opens
   * no conversation by itself, so the request's status stays where it is.
   */
  sendTemplate(
    quote: WhatsAppDeskQuote,
    kind: string,
    actor: WhatsAppDeskActor,
    requestKey: string,
    now = new Date(),
  ): WhatsAppSendResult {
    const number = quote.whatsappNumber;
    const template = this.templates.whatsappTemplateChoices().find((choice) => choice.kind === kind);
    if (!this.connected) return { ok: false, refused: "not-connected" };
    if (!template) return { ok: false, refused: "unknown-template" };
    if (!number) return { ok: false, refused: "no-number" };
    if (this.contacts.optedOutAt(number)) return { ok: false, refused: "opted-out" };
    // What the template points the buyer to (the newest proof, the invoice): refused while there is none.
    const payload = this.templates.deskTemplatePayload(template.kind, quote.id);
    if (!payload) return { ok: false, refused: "nothing-to-point-to" };
    // Read again and queued in one transaction: a STOP recorded meanwhile is not sent past.
    const id = this.messaging.store.db
      .transaction(() =>
        this.contacts.optedOutAt(number)
          ? undefined
          : this.messaging.queue({
              quoteId: quote.id,
              kind: template.kind,
              channel: "whatsapp",
              recipient: number,
              subject: "",
              payload: { ...payload, template: template.name },
              staffId: actor.staffId,
              requestKey,
              now,
            }),
      )
      .immediate();
    if (id === undefined) return { ok: false, refused: "opted-out" };
    if (id !== null) this.queued();
    return { ok: true, queued: id !== null };
  }
}

/** The request page's "Send on WhatsApp": the window in words, and which of its forms may be used. */
export type WhatsAppPanel = {
  displayNumber: string | null;
  /** The window, stated plainly; null without a number (then `noNumber`). */
  window: string | null;
  /** Said when the buyer wrote STOP. */
  optedOut: string | null;
  /** Inside the window: free text may be sent. */
  canWrite: boolean;
  /** Outside it, and not opted out: an approved template may be sent. */
  canTemplate: boolean;
  templates: { kind: string; label: string }[];
};

/** What the request page shows of WhatsApp, as words made from the state (the checks stay in the sends). */
export function whatsAppPanel(
  state: WhatsAppDeskState,
  now: Date,
  words: {
    windowOpen: (lastWrote: string, until: string) => string;
    windowClosed: (lastWrote: string) => string;
    neverWrote: string;
    optedOut: (when: string) => string;
  },
): WhatsAppPanel {
  const { window } = state;
  const open = Boolean(window?.open);
  return {
    displayNumber: state.displayNumber,
    // After STOP with the window shut, STOP is all there is to say.
    window:
      !window || (!open && state.optedOutAt)
        ? null
        : window.open && window.lastInboundAt && window.closesAt
          ? words.windowOpen(timeNearNow(window.lastInboundAt, now), timeNearNow(window.closesAt, now))
          : window.lastInboundAt
            ? words.windowClosed(dayMonthTime(window.lastInboundAt))
            : words.neverWrote,
    optedOut: state.optedOutAt && words.optedOut(dayMonthTime(state.optedOutAt)),
    canWrite: state.number !== null && open,
    canTemplate: state.number !== null && !open && state.optedOutAt === null,
    templates: state.templates,
  };
}
