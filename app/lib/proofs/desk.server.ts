import type { QuoteService } from "~/lib/quotes/service.server";
import type { Actor, StoredQuote } from "~/lib/quotes/store.server";
import { proofText } from "~/content/proofs";
import { pakistanTime } from "~/lib/desk/time";
import { checkProofFile } from "./check.server";
import { proofEmail } from "./mail";
import { proofRecord } from "./record";
import { once } from "~/lib/once/once.server";
import { proofLimits } from "./rules";

/** What the desk's request page shows about proofs. */
export function deskProofs(service: QuoteService, quote: StoredQuote, now = Date.now()) {
  const proofs = service.proofs.proofs(quote.id);
  const latest = proofs.at(-1);
  const links = service.proofs.links(quote.id);
  return {
    // Who sent each version is for the staff only: the record the buyer sees does not name them.
    proofs: proofRecord(quote, proofs).map((version, index) => ({ ...version, sentBy: proofs[index]!.createdBy })),
    // The request's one link (the newest carried one) first, then any link of before still listed.
    links: [...links]
      .sort((a, b) => Number(b.carried) - Number(a.carried) || b.id - a.id)
      .map((link) => ({
        id: link.id,
        carried: link.carried,
        madeBy: link.mintedBy ?? (link.version === null ? "an earlier e-mail" : `proof v${link.version} e-mail`),
        created: pakistanTime(new Date(link.createdAt).toISOString()),
        lastOpened: link.lastOpenedAt === null ? null : pakistanTime(new Date(link.lastOpenedAt).toISOString()),
        ended: link.endedAt === null ? null : pakistanTime(new Date(link.endedAt).toISOString()),
        state: link.endedAt ? ("ended" as const) : link.expiresAt <= now ? ("expired" as const) : ("open" as const),
      })),
    // Something still to end: an open link, or a version whose mails and reminder may still bring one.
    canEndAllLinks:
      proofs.some((proof) => proof.linksEndedAt === null) ||
      links.some((link) => link.endedAt === null && link.expiresAt > now),
    canMarkWon: latest?.answer === "approved" && quote.status !== "won",
    approved: latest?.answer === "approved",
  };
}

/**
 * The desk's "Send proof" (its form read by app/lib/desk/request-forms.ts): the file checked by its bytes,
 * then stored, the buyer e-mailed and the request left waiting on the buyer.
 */
export async function sendProof(
  service: QuoteService,
  quote: StoredQuote,
  { proof: file, message, proofKey }: { proof: Blob; message: string; proofKey?: string },
  actor: Actor,
): Promise<{ ok: true; version: number } | { ok: false; error: string }> {
  // The form's schema refuses it first; checked again here for any other caller.
  if (file.size > proofLimits.fileBytes) return { ok: false, error: proofText.desk.tooLarge };
  const checked = await checkProofFile(new Uint8Array(await file.arrayBuffer()), service.files.incomingDir);
  if (!checked.ok) return { ok: false, error: checked.message };
  const send = () =>
    service.proofs.send(
      quote,
      { data: checked.data, mediaType: checked.mediaType },
      message,
      actor,
      service.emailOn ? (next) => proofEmail(quote, next, message) : null,
    );
  // The same rendering of the form sent again gets the first send's version back, and nothing is sent twice.
  const { version } = proofKey ? once(service.db, `proof:${quote.reference}`, proofKey, send) : send();
  service.outbox?.kick();
  return { ok: true, version };
}
