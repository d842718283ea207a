import { keepMailFiles, removeMailFiles } from "~/lib/mailbox/files.server";
import type { MailFileInput, Messaging } from "~/lib/messaging/messaging.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { cleanFileName } from "~/lib/text-fields";
import { uploadLimits } from "~/lib/upload-rules";
import { WhatsAppApiError } from "~/lib/whatsapp/client.server";
import { WhatsAppContacts } from "~/lib/whatsapp/contacts.server";
import { type WhatsAppMessagePayload, whatsAppSummary } from "~/lib/whatsapp/message-payload";
import { whatsappDisplay } from "~/lib/whatsapp/phone";
import type {
  InboundWhatsApp,
  WhatsAppApi,
  WhatsAppConfig,
  WhatsAppError,
  WhatsAppEvent,
  WhatsAppStatus,
} from "~/lib/whatsapp/types";
import type { WhatsAppWebhook } from "~/lib/whatsapp/webhook.server";

// A buyer's WhatsApp reaching the desk, as one named workflow: each message of a webhook goes onto the
// request of its number (or a new request), its files downloaded and checked like uploads first, then
// recorded with the buyer's window, consent, history and status in one IMMEDIATE transaction; each
// status says what became of one of our messages, a failure in the request's history too.

export type WhatsAppInboundDeps = {
  store: QuoteStore;
  messaging: Messaging;
  contacts: WhatsAppContacts;
  /** The Graph API's media download (app/lib/whatsapp/client.server.ts; tests bring a fake). */
  api: Pick<WhatsAppApi, "media">;
  /** Whether the office is e-mailed each new request (e-mail is on); false records the mail "off". */
  notify: boolean;
  checker?: UploadChecker;
  /** The largest file kept (a buyer's e-mail's limit unless said). */
  maxFileBytes?: number;
  /** A request was made from a message: the outbox can send its notification now. */
  onRequestCreated?: (quote: StoredQuote) => void;
  log?: (line: string) => void;
};

/**
 * What became of one event: a message stored on its request ("created" when the request was made for
 * it), or already stored; a status recorded, or about no message of ours (or one that moves nothing).
 */
export type WhatsAppEventOutcome =
  | { kind: "message"; id: string; outcome: "stored" | "created" | "duplicate"; reference: string | null }
  | { kind: "status"; providerId: string; outcome: "recorded" | "unchanged" | "held" | "ignored" };

/** A word that is the buyer's consent itself (trimmed, any case): no templates after STOP, again after START. */
export function consentKeyword(text: string): "stop" | "start" | null {
  const word = text.trim().toLowerCase();
  if (word === "stop" || word === "unsubscribe") return "stop";
  if (word === "start") return "start";
  return null;
}

/** Meta's errors as one line: "131047 Re-engagement message: Message failed to send because …". */
export const errorText = (errors: readonly WhatsAppError[]) =>
  errors
    .map((error) => {
      const words = error.details || error.message;
      return `${error.code} ${error.title}${words && words !== error.title ? `: ${words}` : ""}`;
    })
    .join("; ")
    .slice(0, 1000);

/** The client's title of a download refused for its size (app/lib/whatsapp/client.server.ts). */
const MEDIA_TOO_LARGE = "Media too large";

type MediaContent = Extract<InboundWhatsApp["content"], { mediaId: string }>;

/** What the thread keeps of a message, its file noted as fetched or not (`media` null for the others). */
function payloadOf(message: InboundWhatsApp, media: WhatsAppMessagePayload["media"]): WhatsAppMessagePayload {
  const { content } = message;
  const base: WhatsAppMessagePayload = {
    from: message.from,
    profileName: message.profileName,
    type: content.type,
    text: "",
    keyword: null,
    media,
    location: null,
    contacts: null,
    reaction: null,
    unsupportedKind: null,
  };
  switch (content.type) {
    case "text":
    case "button":
      return { ...base, text: content.text, keyword: consentKeyword(content.text) };
    case "image":
    case "document":
    case "audio":
    case "video":
    case "sticker":
      return { ...base, text: content.caption };
    case "location": {
      const { latitude, longitude, name, address } = content;
      return { ...base, location: { latitude, longitude, name, address } };
    }
    case "contacts":
      return { ...base, contacts: content.contacts };
    case "reaction":
      return { ...base, reaction: { emoji: content.emoji, messageId: content.messageId } };
    case "unsupported":
      return { ...base, unsupportedKind: content.kind };
  }
}

/** The name a sent file is listed under: the document's own, else what it is ("WhatsApp image"). */
const listedName = (content: MediaContent) => content.filename || `WhatsApp ${content.type}`;

/**
 * Downloads a message's file through the media API, bounded to `maxBytes`, and checks it like an upload
 * (size, type from the bytes, images re-encoded, generated names), keeping the checked copy. A download
 * that fails is noted with its reason and keeps nothing: the message is stored all the same.
 */
async function fetchMedia(
  content: MediaContent,
  { api, store, checker, maxFileBytes = uploadLimits.mailFileBytes, log }: WhatsAppInboundDeps,
): Promise<{ files: MailFileInput[]; note: NonNullable<WhatsAppMessagePayload["media"]> }> {
  // The sender's words, for display only: no control or text-direction character ("Invoice<U+202E>fdp.exe").
  const note = {
    declaredType: cleanFileName(content.mimeType, 200, ""),
    filename: cleanFileName(content.filename, 200, ""),
  };
  let bytes: Buffer;
  try {
    ({ bytes } = await api.media(content.mediaId, maxFileBytes));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log?.(`A WhatsApp ${content.type} could not be downloaded (${content.mediaId}): ${reason}`);
    // Refused for its size before it was read whole: listed as a file too large, as a mail's would be.
    const files: MailFileInput[] =
      error instanceof WhatsAppApiError && error.title === MEDIA_TOO_LARGE
        ? [{ originalName: cleanFileName(listedName(content)), receivedBytes: 0, refused: "too_large" }]
        : [];
    return { files, note: { ...note, fetched: false, error: reason.slice(0, 500) } };
  }
  const files = await keepMailFiles(
    [
      {
        filename: listedName(content),
        contentType: "",
        declaredType: note.declaredType,
        size: bytes.length,
        content: bytes,
      },
    ],
    { files: store.files, incomingDir: store.incomingDir, checker, maxBytes: maxFileBytes },
  );
  return { files, note: { ...note, fetched: true, error: null } };
}

/** Messages that hand the move to the office: not a reaction, nor the buyer's STOP or START alone. */
const asksForAnAnswer = (payload: WhatsAppMessagePayload) => payload.type !== "reaction" && payload.keyword === null;

/**
 * Stores one buyer's message: on the request its reaction answers, else the newest open request of its
 * number, else (a reaction, STOP or START, which ask for no answer) the newest request of the number
 * whatever its status, else a new request made from it. Once per WhatsApp id.
 */
async function receiveMessage(deps: WhatsAppInboundDeps, message: InboundWhatsApp) {
  const { store, messaging, contacts } = deps;
  const duplicate = { kind: "message", id: message.id, outcome: "duplicate", reference: null } as const;
  // A webhook delivered again is answered before its file is downloaded again.
  if (messaging.hasWhatsApp(message.id)) return duplicate;
  const { content } = message;
  const fetched = "mediaId" in content ? await fetchMedia(content, deps) : null;
  const files = fetched?.files ?? [];
  const payload = payloadOf(message, fetched?.note ?? null);
  // The request made for this message, if one was: told once the transaction committed.
  const made: { quote: StoredQuote | null } = { quote: null };
  const record = () =>
    store.db
      .transaction((): WhatsAppEventOutcome => {
        if (messaging.hasWhatsApp(message.id)) return duplicate;
        const reacted = payload.reaction ? messaging.byProviderId(payload.reaction.messageId) : undefined;
        let quote =
          (reacted?.direction === "out" ? store.get(reacted.quoteId) : undefined) ??
          store.whatsAppRequest(message.from, { open: true }) ??
          (asksForAnAnswer(payload) ? undefined : store.whatsAppRequest(message.from, { open: false }));
        if (!quote) {
          const fresh = store.createFromWhatsApp(
            {
              number: message.from,
              name: message.profileName || whatsappDisplay(message.from),
              phone: whatsappDisplay(message.from),
              message: whatsAppSummary(payload),
            },
            { key: `whatsapp-${message.id}`, notify: deps.notify, now: message.receivedAt },
          );
          quote = fresh.quote;
          if (fresh.created) made.quote = fresh.quote;
        }
        const recorded = messaging.recordWhatsApp(
          quote.id,
          { id: message.id, from: message.from, receivedAt: message.receivedAt },
          payload,
          files,
        );
        if (!recorded.created) return duplicate;
        contacts.heard(message.from, message.profileName, message.receivedAt);
        const subject = { type: "request", id: quote.id } as const;
        const at = message.receivedAt;
        store.audit.record({
          subject,
          actor: "buyer",
          at,
          type: "request.whatsapp_received",
          payload: { from: message.from, type: content.type },
        });
        if (payload.keyword === "stop") {
          contacts.optOut(message.from, at);
          store.audit.record({
            subject,
            actor: "buyer",
            at,
            type: "request.whatsapp_opted_out",
            payload: { number: message.from },
          });
        } else if (payload.keyword === "start") {
          contacts.optIn(message.from, at);
          store.audit.record({
            subject,
            actor: "buyer",
            at,
            type: "request.whatsapp_opted_in",
            payload: { number: message.from },
          });
        }
        // As a buyer's e-mail does: Waiting on us, the clock started again (a new request waits as New).
        if (!made.quote && asksForAnAnswer(payload))
          store.changeStatus(quote.id, { type: "buyer replied" }, {}, "buyer", at);
        return {
          kind: "message",
          id: message.id,
          outcome: made.quote ? "created" : "stored",
          reference: quote.reference,
        };
      })
      .immediate();
  let outcome: WhatsAppEventOutcome;
  try {
    outcome = record();
  } catch (error) {
    removeMailFiles(files, store.files);
    throw error;
  }
  // Stored before (another delivery of the webhook was quicker): the copies written now are not kept.
  if (outcome.kind === "message" && outcome.outcome === "duplicate") removeMailFiles(files, store.files);
  if (made.quote) deps.onRequestCreated?.(made.quote);
  return outcome;
}

/**
 * What became of one of our messages: delivered and read onto the message (never back: read stays read),
 * a failure with Meta's error onto it and into its request's history, once. A status of a message whose
 * send is not recorded yet is held until it is. "sent" says nothing the send's answer did not.
 */
function receiveStatus({ store, messaging }: WhatsAppInboundDeps, status: WhatsAppStatus): WhatsAppEventOutcome {
  const result = (outcome: "recorded" | "unchanged" | "held" | "ignored") =>
    ({ kind: "status", providerId: status.providerId, outcome }) as const;
  if (status.status === "sent") return result("ignored");
  const state = status.status;
  const error = state === "failed" ? errorText(status.errors) || "no reason given" : null;
  return store.db
    .transaction(() => {
      const before = messaging.byProviderId(status.providerId);
      if (!before) {
        messaging.holdDelivery(status.providerId, state, status.at, error);
        return result("held");
      }
      if (before.direction !== "out") return result("ignored");
      return result(messaging.recordDelivery(status.providerId, state, status.at, error) ? "recorded" : "unchanged");
    })
    .immediate();
}

/**
 * Takes a webhook's events in order: each message once (its file downloaded before its transaction,
 * so no request holds the database while Meta's servers answer), each status onto its message. Throws
 * when one could not be stored: the webhook is then answered with an error and Meta delivers it again
 * (what was stored is not stored twice).
 */
export async function receiveWhatsApp(
  deps: WhatsAppInboundDeps,
  events: readonly WhatsAppEvent[],
): Promise<WhatsAppEventOutcome[]> {
  const outcomes: WhatsAppEventOutcome[] = [];
  for (const event of events)
    outcomes.push(
      event.kind === "message" ? await receiveMessage(deps, event.message) : receiveStatus(deps, event.status),
    );
  return outcomes;
}

/** The workflow over its dependencies, as the service makes it once. */
export function createWhatsAppInbound(deps: WhatsAppInboundDeps) {
  return { receive: (events: readonly WhatsAppEvent[]) => receiveWhatsApp(deps, events) };
}

/** WhatsApp as the service holds it: the settings, the buyers' numbers and the webhook's workflow. */
export type WhatsAppInbound = WhatsAppWebhook & { config: WhatsAppConfig; contacts: WhatsAppContacts };

/**
 * The service's WhatsApp, or null when it is off: the workflow over the service's store, messaging and
 * the Cloud API client, a new request's notification sent by the outbox at once.
 */
export function whatsAppInboundOf(
  whatsapp: { config: WhatsAppConfig; api: Pick<WhatsAppApi, "media">; contacts: WhatsAppContacts } | null,
  {
    store,
    messaging,
    notify,
    outbox,
    log,
  }: Pick<WhatsAppInboundDeps, "store" | "messaging" | "notify" | "log"> & { outbox?: { kick(): void } },
): WhatsAppInbound | null {
  if (!whatsapp) return null;
  const { contacts } = whatsapp;
  const { receive } = createWhatsAppInbound({
    store,
    messaging,
    contacts,
    api: whatsapp.api,
    notify,
    onRequestCreated: () => outbox?.kick(),
    log,
  });
  return { config: whatsapp.config, contacts, receive, log };
}
