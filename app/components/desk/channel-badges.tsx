import { MessageCircle } from "lucide-react";
import { requestChannelText as text } from "~/content/desk";

const badgeClass =
  "inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900";

/** "WhatsApp" on a request a WhatsApp message opened; nothing on one from the website. */
export function SourceBadge({ source }: { source: "website" | "whatsapp" }) {
  if (source !== "whatsapp") return null;
  return (
    <span className={badgeClass} title={text.fromWhatsAppTitle}>
      <MessageCircle aria-hidden="true" className="size-3.5" />
      {text.fromWhatsApp}
    </span>
  );
}

/** "Reply on WhatsApp" when the buyer asked for it on the quote form; nothing when e-mail alone. */
export function ReplyChannelBadge({ replyChannel }: { replyChannel: "email" | "whatsapp" }) {
  if (replyChannel !== "whatsapp") return null;
  return (
    <span className={badgeClass} title={text.replyOnWhatsAppTitle}>
      <MessageCircle aria-hidden="true" className="size-3.5" />
      {text.replyOnWhatsApp}
    </span>
  );
}
