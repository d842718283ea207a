import type { deliveryStates, messageChannels } from "./schema";

/** How a message travels: "email" (SMTP out, IMAP in) or "whatsapp" (the Cloud API both ways). */
export type Channel = (typeof messageChannels)[number];

/** What a provider said of a sent message after it took it. */
export type DeliveryState = (typeof deliveryStates)[number];

/** A WhatsApp message as the Cloud API takes it: free text (inside the 24-hour window) or an approved template. */
export type WhatsAppOutgoing =
  | { to: string; type: "text"; text: string }
  | {
      to: string;
      type: "template";
      /** The approved template's name and language ("proof_ready", "en"), its body's {{1}}, {{2}}… in order. */
      template: { name: string; language: string; bodyParameters: readonly string[] };
    };

/** A provider that sends one channel's messages; `providerId` is its id of the message, if it gives one. */
export type ChannelSender<Outgoing> = {
  send(outgoing: Outgoing): Promise<{ providerId: string | null }>;
};
