import { deskText } from "~/content/desk";
import { cleanFileName } from "~/lib/text-fields";
import type { Actor } from "~/lib/audit/events";
import { pakistanTime } from "~/lib/desk/time";
import type { StaffRole } from "~/lib/desk/permissions";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { MailForm } from "./mail-forms";

const text = deskText.mailPage;

/** How many mails the page lists, the newest first. */
const PAGE_SIZE = 200;

const kb = (bytes: number) => `${Math.max(1, Math.ceil(bytes / 1024)).toLocaleString("en-US")} KB`;

/** What the Unmatched mail page shows: each mail as text (nothing of its HTML), and the owners' notice. */
export function unmatchedMailPage(service: QuoteService, role: StaffRole) {
  const mails = service.unmatchedMail.list(PAGE_SIZE).map((mail) => ({
    id: mail.id,
    unreadable: mail.kind === "unreadable",
    sender: mail.from.address
      ? mail.from.name
        ? `${mail.from.name} <${mail.from.address}>`
        : mail.from.address
      : text.noSender,
    subject: mail.subject || text.noSubject,
    received: pakistanTime(mail.receivedAt),
    size: kb(mail.size),
    notVerified: mail.senderCheck === "fail",
    text: mail.text,
    quoted: mail.quoted,
    tooLarge: mail.tooLarge,
    files: mail.attachments.map((file) => ({ name: cleanFileName(file.filename), size: kb(file.size) })),
    filesWaiting: mail.quarantined,
  }));
  return {
    mails,
    total: service.unmatchedMail.count(),
    // Said to the owners, who set the server up: staff can do nothing about it.
    checksOff: role === "owner" && service.senderChecks === false,
  };
}

export type SortOutcome = { ok: true; done: keyof typeof text.done } | { ok: false; error: string; status: number };

/** Attaches a mail to a request or discards it, as the member asked; the caller checked who may. */
export async function sortMail(service: QuoteService, form: MailForm, member: Actor): Promise<SortOutcome> {
  if (form.intent === "discard") {
    const discarded = await service.unmatchedMail.discard(form.id, member);
    return discarded ? { ok: true, done: "discarded" } : { ok: false, error: text.refused.gone, status: 409 };
  }
  const attached = await service.attachMail(form.id, form.reference, member);
  if (attached.ok) return { ok: true, done: "attached" };
  return {
    ok: false,
    error: text.refused[attached.refused],
    status: attached.refused === "no-request" ? 400 : 409,
  };
}
