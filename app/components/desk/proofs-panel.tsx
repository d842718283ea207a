import type * as React from "react";
import { Form } from "react-router";
import { SubmitButton } from "./submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { proofText } from "~/content/proofs";
import { anyAnswered, type ProofRecordVersion } from "~/lib/proofs/record";

type DeskProof = ProofRecordVersion & { sentBy: string };
type DeskLink = {
  id: number;
  carried: boolean;
  madeBy: string;
  created: string;
  lastOpened: string | null;
  ended: string | null;
  state: "open" | "expired" | "ended";
};

const linkStates = { open: "Open", expired: "Expired", ended: "Ended" } as const;

/** One link as the desk lists it: when and by which mail it was made, when last opened, and its state. */
function LinkItem({ link }: { link: DeskLink }) {
  return (
    <li className="flex flex-wrap items-center gap-3">
      <span>
        <span className="font-semibold">Link {link.id}</span>: made {link.created} with the {link.madeBy}
        {link.lastOpened ? ` · last opened ${link.lastOpened}` : " · not opened yet"} ·{" "}
        <span className={link.state === "open" ? "font-semibold text-green-800" : "font-semibold text-slate-600"}>
          {linkStates[link.state]}
          {link.ended ? ` ${link.ended}` : ""}
        </span>
      </span>
      {link.state === "open" && (
        <Form method="post">
          <input type="hidden" name="intent" value="end-link" />
          <input type="hidden" name="link" value={link.id} />
          <SubmitButton variant="outline" size="sm" aria-label={`${text.endLink} (link ${link.id})`}>
            {text.endLink}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}

const text = proofText.desk;

/**
 * The desk's "Send proof" form: a file and a message, sent as a plain multipart post with the key of this
 * rendering (sent twice, one proof goes).
 */
export function SendProofForm({
  error,
  canEmail,
  formKey,
}: {
  error: React.ReactNode;
  canEmail: boolean;
  formKey: string;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-xl border border-border p-4">
      <input type="hidden" name="intent" value="proof" />
      <input type="hidden" name="proofKey" value={formKey} />
      {error}
      <div className="space-y-2">
        <Label htmlFor="proof">{text.file}</Label>
        <Input
          id="proof"
          name="proof"
          type="file"
          required
          accept="image/png,image/jpeg,image/webp,image/svg+xml,application/pdf"
          aria-describedby="proof-hint"
        />
        <p id="proof-hint" className="text-xs text-muted-foreground">
          {text.fileHint}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="proof-message">{text.message}</Label>
        <Textarea id="proof-message" name="message" maxLength={5_000} />
      </div>
      {!canEmail && <p className="text-xs text-muted-foreground">{text.mailOff}</p>}
      <SubmitButton>{text.send}</SubmitButton>
    </Form>
  );
}

/** Every version with its answer and hash (the approval record as staff see it), the links, and "Mark Won". */
export function ProofsPanel({
  reference,
  proofs,
  links,
  canMarkWon,
  canEndAllLinks,
  error,
}: {
  reference: string;
  proofs: DeskProof[];
  links: DeskLink[];
  canMarkWon: boolean;
  canEndAllLinks: boolean;
  error: React.ReactNode;
}) {
  return (
    <section aria-labelledby="proofs-heading">
      <h2 id="proofs-heading" className="text-lg font-bold">
        {text.heading}
      </h2>
      {error}
      {proofs.length === 0 && <p className="mt-2 text-sm text-muted-foreground">{text.none}</p>}
      <ol className="mt-3 space-y-4">
        {[...proofs].reverse().map((proof) => (
          <li key={proof.version} className="rounded-lg border border-border p-3 text-sm">
            <div className="flex flex-wrap items-start gap-4">
              {proof.mediaType.startsWith("image/") && (
                <img
                  src={`/desk/quotes/${reference}/proofs/${proof.version}`}
                  alt={`Proof v${proof.version}`}
                  className="max-h-32 w-auto bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
                />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold wrap-anywhere">
                  <a className="text-primary underline" href={`/desk/quotes/${reference}/proofs/${proof.version}`}>
                    Proof v{proof.version}
                  </a>{" "}
                  <span className="font-normal text-slate-600">
                    ({proof.mediaType}, {Math.ceil(proof.bytes / 1024)} KB) · sent {proof.sent} by {proof.sentBy}
                  </span>
                </p>
                {proof.message && <p className="whitespace-pre-wrap break-words">{proof.message}</p>}
                <p className="break-all font-mono text-xs text-slate-600">SHA-256 {proof.sha256}</p>
                <p className={proof.answer ? "font-semibold" : "text-slate-600"}>
                  {proof.summary}
                  {proof.answer ? ` · ${proof.answer.at}` : ""}
                </p>
                {proof.answer?.changes && (
                  <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-2">{proof.answer.changes}</p>
                )}
              </div>
            </div>
          </li>
        ))}
      </ol>
      {anyAnswered(proofs) && (
        <p className="mt-3 text-sm">
          <a className="font-semibold text-primary underline" href={`/desk/quotes/${reference}/record`}>
            {text.record}
          </a>
        </p>
      )}
      {canMarkWon && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="won" />
          <SubmitButton>{text.markWon}</SubmitButton>
        </Form>
      )}
      {links.some((link) => link.carried) && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">{text.links}</h3>
          <p className="mt-1 text-xs text-muted-foreground">{text.linksHint}</p>
          <ul className="mt-2 space-y-2 text-sm">
            {links
              .filter((link) => link.carried)
              .map((link) => (
                <LinkItem key={link.id} link={link} />
              ))}
          </ul>
        </>
      )}
      {links.some((link) => !link.carried) && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">{text.earlierLinks}</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {links
              .filter((link) => !link.carried)
              .map((link) => (
                <LinkItem key={link.id} link={link} />
              ))}
          </ul>
        </>
      )}
      {canEndAllLinks && (
        // Opened first, so the button comes with what it does; a plain form, with or without script.
        <details className="mt-4 rounded-lg border border-border p-3 text-sm">
          <summary className="cursor-pointer font-semibold">{text.endAll}</summary>
          <p id="end-all-explained" className="mt-2">
            {text.endAllExplained}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="end-all-links" />
            <SubmitButton variant="outline" size="sm" aria-describedby="end-all-explained">
              {text.endAllConfirm}
            </SubmitButton>
          </Form>
        </details>
      )}
    </section>
  );
}
