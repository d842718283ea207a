import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The buyers' WhatsApp numbers the business has heard from: when each last wrote (WhatsApp lets a
 * business answer freely for 24 hours after that; later only with an approved template) and whether
 * it asked for no more messages ("STOP"). Written by app/lib/whatsapp/contacts.server.ts only.
 */
export const whatsappContacts = sqliteTable("whatsapp_contacts", {
  /** E.164 digits without the "+": "923001234567". */
  number: text("number").primaryKey(),
  /** The name the buyer's WhatsApp profile gives, as it last gave it. */
  profileName: text("profile_name").notNull().default(""),
  /** When the buyer's last message reached us (ISO UTC); null if they never wrote. */
  lastInboundAt: text("last_inbound_at"),
  /** When the buyer wrote STOP (ISO UTC); null while templates may be sent. */
  optedOutAt: text("opted_out_at"),
  /** When the buyer last wrote START (or the office recorded consent) (ISO UTC). */
  optedInAt: text("opted_in_at"),
});
