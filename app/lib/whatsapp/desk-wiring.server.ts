import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { WHATSAPP_WINDOW_MS, type WhatsAppContactBook, WhatsAppDesk, type WhatsAppDeskQuote } from "./desk.server";
import type { WhatsAppConfig } from "./types";

// The one place the request page gets the desk's WhatsApp from. It stands in for the service's own
// wiring (WhatsApp's settings from app/lib/whatsapp/config.server.ts, the window and STOP from
// app/lib/whatsapp/contacts.server.ts, the outbox woken after a send) until the service carries them: then
// `whatsAppDeskOf` returns the service's desk and `whatsAppQuote` passes the stored request as it is.

/** The settings when all four WHATSAPP_* secrets are set; the full checks are the config module's. */
function settings(env: NodeJS.ProcessEnv): WhatsAppConfig | null {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = env;
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID || !WHATSAPP_APP_SECRET || !WHATSAPP_VERIFY_TOKEN) return null;
  return {
    token: WHATSAPP_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    apiUrl: (env.WHATSAPP_API_URL ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, ""),
  };
}

/** The buyers' numbers as the contacts table has them, read only. */
function contactBook(service: QuoteService): WhatsAppContactBook {
  const contact = service.db.prepare(
    "SELECT last_inbound_at AS lastInboundAt, opted_out_at AS optedOutAt FROM whatsapp_contacts WHERE number = ?",
  );
  const of = (number: string) =>
    contact.get(number) as { lastInboundAt: string | null; optedOutAt: string | null } | undefined;
  return {
    windowOf(number, now) {
      const lastInboundAt = of(number)?.lastInboundAt ?? null;
      const closesAt = lastInboundAt && new Date(Date.parse(lastInboundAt) + WHATSAPP_WINDOW_MS).toISOString();
      return { open: closesAt !== null && Date.parse(closesAt) > now.getTime(), lastInboundAt, closesAt };
    },
    optedOut: (number) => of(number)?.optedOutAt ?? null,
  };
}

const desks = new WeakMap<QuoteService, WhatsAppDesk>();

/** The running service's desk WhatsApp. */
export function whatsAppDeskOf(service: QuoteService): WhatsAppDesk {
  let desk = desks.get(service);
  if (!desk) {
    desk = new WhatsAppDesk({
      messaging: service.messaging,
      config: settings(process.env),
      contacts: contactBook(service),
    });
    desks.set(service, desk);
  }
  return desk;
}

/** The request with its WhatsApp number (quotes.whatsapp_number, E.164 digits), as the desk's WhatsApp takes it. */
export function whatsAppQuote(service: QuoteService, quote: StoredQuote): WhatsAppDeskQuote {
  const number = service.db.prepare("SELECT whatsapp_number FROM quotes WHERE id = ?").pluck().get(quote.id);
  return { id: quote.id, whatsappNumber: typeof number === "string" ? number : null };
}
