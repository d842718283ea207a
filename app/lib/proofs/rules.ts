import { businessMsBetween } from "~/lib/desk/time";

/** What a proof file may be, by what its bytes say it is. */
export const proofTypes = ["image/png", "image/jpeg", "image/webp", "image/svg+xml", "application/pdf"] as const;
export type ProofType = (typeof proofTypes)[number];

export const proofExtension: Record<ProofType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "application/pdf": "pdf",
};

/** The file name a proof is offered under: the reference and version, never anything typed. */
export const proofFileName = (quote: { reference: string }, proof: { version: number; mediaType: ProofType }) =>
  `${quote.reference}-proof-v${proof.version}.${proofExtension[proof.mediaType]}`;

export const proofLimits = {
  fileBytes: 10 * 1024 * 1024,
  /** The whole desk form with its file: a little more than the file. */
  requestBytes: 11 * 1024 * 1024,
  messageChars: 5_000,
  nameChars: 200,
  roleChars: 200,
  changesChars: 5_000,
} as const;

/** A link opens its request's proofs for this long. */
export const PROOF_LINK_MS = 60 * 24 * 3_600_000;

/** Failed token look-ups per client address per window before the address waits. */
export const tokenGuessLimit = { max: 20, windowMs: 15 * 60_000 } as const;

/** Two business days: Monday to Friday, 11:00 to 19:00 Pakistan time, 8 hours each. */
export const REMINDER_AFTER_BUSINESS_MS = 2 * 8 * 3_600_000;

/**
 * Whether a proof sent at `sentAt` should now have its one reminder: unanswered, not reminded yet,
 * and two business days gone (a proof sent on Friday evening is reminded on Tuesday evening, not Sunday).
 */
export function reminderDue(
  proof: { createdAt: string; answer: string | null; remindedAt: string | null },
  now: number,
): boolean {
  if (proof.answer || proof.remindedAt) return false;
  return businessMsBetween(Date.parse(proof.createdAt), now) >= REMINDER_AFTER_BUSINESS_MS;
}

/** "Approved v2 by Dr. Ayesha Khan, Brand Manager" / "Changes asked on v1 by …". */
export function answerSummary(proof: {
  version: number;
  answer: "approved" | "changes" | null;
  answerName: string | null;
  answerRole: string | null;
}): string | null {
  if (!proof.answer) return null;
  if (proof.answer === "changes") return `Changes requested on v${proof.version}`;
  const who = [proof.answerName, proof.answerRole].filter(Boolean).join(", ");
  return `Approved v${proof.version} by ${who}`;
}

/** A PDF by its bytes: the header at the start and an end-of-file marker in its last kilobyte. Nothing is rendered. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const head = Buffer.from(bytes.subarray(0, 8)).toString("latin1");
  if (!/^%PDF-\d\.\d/.test(head)) return false;
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString("latin1");
  return tail.includes("%%EOF");
}

/** A request's proof in one line for the inbox: its answer, or that it waits. */
export function proofLine(
  latest:
    | { version: number; answer: "approved" | "changes" | null; answerName: string | null; answerRole: string | null }
    | undefined,
): string | null {
  if (!latest) return null;
  return answerSummary(latest) ?? `Proof v${latest.version} waiting for the buyer`;
}
