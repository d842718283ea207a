import type Database from "better-sqlite3";

/** How long after a buyer's last message WhatsApp lets the business answer with free text. */
export const WINDOW_MS = 24 * 3_600_000;

/**
 * A WhatsApp number is E.164 digits without the "+" (a country code, then the national number), as
 * the webhook reader takes WhatsApp's ids (app/lib/whatsapp/webhook-payload.ts): digits only, 6 to 20.
 */
const e164Digits = /^\d{6,20}$/;

/** A number the business has heard from, as whatsapp_contacts keeps it (times ISO UTC). */
export type WhatsAppContact = {
  number: string;
  profileName: string;
  lastInboundAt: string | null;
  optedOutAt: string | null;
  optedInAt: string | null;
};

/** Whether free text may go to a number now: until 24 hours after the buyer's last message. */
export type ContactWindow = {
  open: boolean;
  /** The buyer's last message (ISO UTC), null when they never wrote. */
  lastInboundAt: string | null;
  /** When the window closes or closed (ISO UTC), null when they never wrote. */
  closesAt: string | null;
};

type ContactRow = {
  number: string;
  profile_name: string;
  last_inbound_at: string | null;
  opted_out_at: string | null;
  opted_in_at: string | null;
};

const fromRow = (row: ContactRow): WhatsAppContact => ({
  number: row.number,
  profileName: row.profile_name,
  lastInboundAt: row.last_inbound_at,
  optedOutAt: row.opted_out_at,
  optedInAt: row.opted_in_at,
});

/**
 * Opted out when the latest of the buyer's STOP and START is a STOP. Webhooks may come out of order
 * (a retry delivered late), so each keeps its latest time and the two are compared, never overwritten
 * by an older one.
 */
const isOptedOut = (contact: Pick<WhatsAppContact, "optedOutAt" | "optedInAt"> | undefined) =>
  Boolean(contact?.optedOutAt && (!contact.optedInAt || contact.optedOutAt > contact.optedInAt));

function prepare(db: Database.Database) {
  return {
    get: db.prepare("SELECT * FROM whatsapp_contacts WHERE number = ?"),
    // The newest message sets the window and the name; an older one delivered late moves neither back.
    heard: db.prepare(
      `INSERT INTO whatsapp_contacts (number, profile_name, last_inbound_at) VALUES (@number, @profileName, @at)
       ON CONFLICT (number) DO UPDATE SET
         profile_name = CASE WHEN @profileName <> '' AND (last_inbound_at IS NULL OR @at >= last_inbound_at)
           THEN @profileName ELSE profile_name END,
         last_inbound_at = CASE WHEN last_inbound_at IS NULL OR @at > last_inbound_at THEN @at
           ELSE last_inbound_at END`,
    ),
    optOut: db.prepare(
      `INSERT INTO whatsapp_contacts (number, opted_out_at) VALUES (@number, @at)
       ON CONFLICT (number) DO UPDATE SET
         opted_out_at = CASE WHEN opted_out_at IS NULL OR @at > opted_out_at THEN @at ELSE opted_out_at END`,
    ),
    optIn: db.prepare(
      `INSERT INTO whatsapp_contacts (number, opted_in_at) VALUES (@number, @at)
       ON CONFLICT (number) DO UPDATE SET
         opted_in_at = CASE WHEN opted_in_at IS NULL OR @at > opted_in_at THEN @at ELSE opted_in_at END`,
    ),
  };
}

/**
 * The buyers' WhatsApp numbers: when each last wrote (the 24-hour window for free text) and whether it
 * asked for no more messages. The only writer of whatsapp_contacts; each write is one statement, so it
 * joins the caller's transaction when there is one.
 */
export class WhatsAppContacts {
  private readonly sql: ReturnType<typeof prepare>;

  constructor(readonly db: Database.Database) {
    this.sql = prepare(db);
  }

  /** When the number wrote the STOP that holds now (ISO UTC), or null while templates may be sent to it. */
  optedOutAt(number: string): string | null {
    const contact = this.get(number);
    return isOptedOut(contact) ? contact!.optedOutAt : null;
  }

  get(number: string): WhatsAppContact | undefined {
    const row = this.sql.get.get(number) as ContactRow | undefined;
    return row && fromRow(row);
  }

  /** A message from `number` reached the business at `at`, its sender's WhatsApp profile named `profileName`. */
  heard(number: string, profileName: string, at: Date) {
    this.sql.heard.run({
      number: checked(number),
      profileName: profileName.trim().slice(0, 200),
      at: at.toISOString(),
    });
  }

  /** Whether free text may go to `number` at `now`: 24 hours after the buyer's last message. */
  windowOf(number: string, now = new Date()): ContactWindow {
    const lastInboundAt = this.get(number)?.lastInboundAt ?? null;
    if (lastInboundAt === null) return { open: false, lastInboundAt: null, closesAt: null };
    const closes = Date.parse(lastInboundAt) + WINDOW_MS;
    return { open: now.getTime() < closes, lastInboundAt, closesAt: new Date(closes).toISOString() };
  }

  /** The buyer asked for no more messages (wrote STOP) at `at`. Returns whether they are opted out now. */
  optOut(number: string, at: Date): boolean {
    this.sql.optOut.run({ number: checked(number), at: at.toISOString() });
    return this.optedOut(number);
  }

  /** The buyer asked for messages again (wrote START) at `at`. Returns whether they are opted in now. */
  optIn(number: string, at: Date): boolean {
    this.sql.optIn.run({ number: checked(number), at: at.toISOString() });
    return !this.optedOut(number);
  }

  /** Whether no template may go to `number`: its latest word was STOP. */
  optedOut(number: string): boolean {
    return isOptedOut(this.get(number));
  }
}

function checked(number: string) {
  if (!e164Digits.test(number)) throw new Error(`Not a WhatsApp number (E.164 digits): ${JSON.stringify(number)}`);
  return number;
}
