import { Mail, MapPin, MessageCircle } from "lucide-react";
import { QuotedHistory } from "~/components/desk/quoted-history";
import { deskText } from "~/content/desk";
import type { ConversationEntry } from "~/lib/messaging/conversation.server";
import { cn } from "~/lib/utils";

const fileSize = (kb: number) => (kb < 1024 ? `${kb} KB` : `${(kb / 1024).toFixed(1)} MB`);

const deliveryTone = {
  pending: "bg-amber-100 text-amber-950",
  done: "bg-slate-100 text-slate-800",
  "not-sent": "bg-slate-100 text-slate-800",
  failed: "bg-red-100 text-red-900",
} as const;

/** How a message travelled, in a few letters and its icon. */
function ChannelLabel({ channel }: { channel: ConversationEntry["channel"] }) {
  const Icon = channel === "whatsapp" ? MessageCircle : Mail;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        channel === "whatsapp" ? "bg-emerald-100 text-emerald-900" : "bg-sky-100 text-sky-900",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {deskText.whatsapp.channel[channel]}
    </span>
  );
}

/**
 * The request's conversation on every channel, oldest first: each message with its channel, ours with
 * where it stands (a failed one with the provider's words), each in the writer's own direction and line breaks.
 */
export function Conversation({ entries, reference }: { entries: ConversationEntry[]; reference: string }) {
  const text = deskText.quote;
  return (
    <section aria-labelledby="conversation-heading">
      <h2 id="conversation-heading" className="text-lg font-bold">
        {text.conversation}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{text.conversationEmpty}</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={cn(
                "rounded-lg border p-3 text-sm",
                entry.direction === "in"
                  ? "border-violet-200 bg-violet-50"
                  : entry.delivery?.tone === "failed"
                    ? "border-red-300 bg-white sm:ml-8"
                    : "border-border bg-white sm:ml-8",
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
                <ChannelLabel channel={entry.channel} />
                <span className="wrap-anywhere">
                  <span className="font-semibold" dir="auto">
                    {entry.sender}
                  </span>{" "}
                  · {entry.when}
                </span>
                {entry.delivery && (
                  <span className={cn("rounded-full px-2 py-0.5 font-semibold", deliveryTone[entry.delivery.tone])}>
                    {entry.delivery.label}
                  </span>
                )}
              </p>
              {entry.notVerified && <p className="mt-1 text-xs font-semibold text-red-800">{text.notVerified}</p>}
              {entry.strangerAddress && (
                <p className="mt-1 text-xs font-semibold text-amber-900">{text.strangerAddress}</p>
              )}
              {entry.tooLarge ? (
                <p className="mt-1">{text.tooLarge}</p>
              ) : entry.location ? (
                <p className="mt-1 flex items-start gap-1 break-words" dir="auto">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
                  <span>
                    {entry.location.label}
                    {entry.location.mapUrl && (
                      <>
                        {" "}
                        <a
                          className="font-medium text-blue-800 underline underline-offset-2 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                          href={entry.location.mapUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {deskText.whatsapp.openMap}
                        </a>
                      </>
                    )}
                  </span>
                </p>
              ) : (
                entry.text && (
                  <p className="mt-1 whitespace-pre-wrap break-words" dir="auto">
                    {entry.text}
                  </p>
                )
              )}
              {entry.delivery?.error && (
                <p className="mt-1 text-xs font-semibold text-red-800 wrap-anywhere">{entry.delivery.error}</p>
              )}
              {entry.quoted && <QuotedHistory label={text.conversationQuoted} text={entry.quoted} />}
              {entry.files.length > 0 && (
                <div className="mt-2 text-sm text-slate-700">
                  <p className="text-xs">
                    {entry.channel === "whatsapp" ? deskText.whatsapp.messageFiles : text.mailFiles}
                  </p>
                  <ul className="mt-1 space-y-1">
                    {entry.files.map((file) => (
                      <li key={file.id} className="wrap-anywhere" dir="auto">
                        {file.refused ? (
                          <>
                            {file.name} ({fileSize(file.kb)}) ·{" "}
                            <span className="font-semibold text-amber-900">{text.mailFileRefused[file.refused]}</span>
                          </>
                        ) : (
                          <a
                            className="font-medium text-blue-800 underline underline-offset-2 pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                            href={`/desk/quotes/${reference}/mail-files/${file.id}`}
                            download
                          >
                            {file.name || text.mailFileUnnamed} ({fileSize(file.kb)})
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {(entry.attachments.length > 0 || entry.attachmentsLeftOut > 0) && (
                <div className="mt-2 text-xs text-slate-700">
                  <p>{text.attachmentsNotKept}</p>
                  <ul className="list-disc pl-5">
                    {entry.attachments.map((file, index) => (
                      <li key={index} className="wrap-anywhere" dir="auto">
                        {file.filename} ({file.contentType}, {file.kb} KB)
                      </li>
                    ))}
                    {entry.attachmentsLeftOut > 0 && <li>{text.attachmentsLeftOut(entry.attachmentsLeftOut)}</li>}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
