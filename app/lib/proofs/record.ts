import { products } from "~/content/catalogue";
import { proofText } from "~/content/proofs";
import { pakistanTime } from "~/lib/desk/time";
import type { StoredProof } from "./proofs.server";
import { answerSummary, proofFileName, type ProofType } from "./rules";

export type ProofStatus = "waiting" | "changes requested" | "approved" | "replaced";

/** One version as the record gives it: the buyer's page, the printable record, the desk and the exports. */
export type ProofRecordVersion = {
  version: number;
  /** Pakistan time, "2026-11-20 13:05 PKT". */
  sent: string;
  fileName: string;
  mediaType: ProofType;
  bytes: number;
  sha256: string;
  message: string;
  status: ProofStatus;
  /** "Approved v2 by Dr. Ayesha Khan, Brand Manager", "Changes requested on v1", "Waiting for the buyer", … */
  summary: string;
  answer: {
    kind: "approved" | "changes";
    name: string | null;
    role: string | null;
    /** Pakistan time. */
    at: string;
    changes: string | null;
    /** The file's SHA-256 as read when the answer was taken. */
    sha256: string | null;
  } | null;
};

const statusOf = (proof: StoredProof, latest: boolean): ProofStatus =>
  proof.answer === "approved"
    ? "approved"
    : proof.answer === "changes"
      ? "changes requested"
      : latest
        ? "waiting"
        : "replaced";

/** A request's proof versions, oldest first, with what the buyer answered to each. */
export function proofRecord(quote: { reference: string }, proofs: readonly StoredProof[]): ProofRecordVersion[] {
  return proofs.map((proof, index) => ({
    version: proof.version,
    sent: pakistanTime(proof.createdAt),
    fileName: proofFileName(quote, proof),
    mediaType: proof.mediaType,
    bytes: proof.byteSize,
    sha256: proof.sha256,
    message: proof.message,
    status: statusOf(proof, index === proofs.length - 1),
    summary: answerSummary(proof) ?? proofText.unanswered[index === proofs.length - 1 ? "waiting" : "replaced"],
    answer:
      proof.answer && proof.answeredAt
        ? {
            kind: proof.answer,
            name: proof.answerName,
            role: proof.answerRole,
            at: pakistanTime(proof.answeredAt),
            changes: proof.answerText,
            sha256: proof.answerSha256,
          }
        : null,
  }));
}

/** The approved version of a record (the latest one approved), if any. */
export const approvedVersion = (record: readonly ProofRecordVersion[]) =>
  record.filter((version) => version.status === "approved").at(-1);

/** Whether the buyer answered any version: from then on there is a record to print. */
export const anyAnswered = (record: readonly Pick<ProofRecordVersion, "answer">[]) =>
  record.some((version) => version.answer !== null);

/** An item as a record names it: a catalogue item by its title ("ONSET Signature Pen", not its id). */
export const itemName = (item: string | null) =>
  (item && products.find((product) => product.id === item)?.title) || item;
