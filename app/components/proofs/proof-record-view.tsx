import { business } from "~/content/business";
import { itemName, type ProofRecordVersion } from "~/lib/proofs/record";

export type ProofRecordData = {
  reference: string;
  item: string | null;
  /** The quantity the request's quotation gives for the item ("500 pieces", "250 or 500 pieces"). */
  quantity?: string | null;
  /** The sent quotation the artwork belongs to ("Quotation v2"). */
  quotation?: string | null;
  approved: ProofRecordVersion | null;
  /** Newest first. */
  versions: ProofRecordVersion[];
};

/**
 * The approval record, for the buyer (by the link) and the desk (by the session): who approved which
 * file, when, and what came before. A page to print or save as PDF from the browser.
 */
export function ProofRecordView({
  record: { reference, item, quantity, quotation, approved, versions },
  fileUrl,
}: {
  record: ProofRecordData;
  /** A version's file, to show inline or to download. */
  fileUrl: (version: number, use: "inline" | "download") => string;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 text-sm sm:px-6 print:max-w-none print:p-0">
      <p className="text-muted-foreground">{business.name}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">
        Artwork approval record · <span className="whitespace-nowrap">{reference}</span>
      </h1>
      <dl className="mt-6 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd>{reference}</dd>
        {item && (
          <>
            <dt className="font-semibold">Item</dt>
            <dd>{itemName(item)}</dd>
          </>
        )}
        {quantity && (
          <>
            <dt className="font-semibold">Quantity</dt>
            <dd>{quantity}</dd>
          </>
        )}
        {quotation && (
          <>
            <dt className="font-semibold">Quotation</dt>
            <dd>{quotation}</dd>
          </>
        )}
        {approved ? (
          <>
            <dt className="font-semibold">Approved version</dt>
            <dd>v{approved.version}</dd>
            <dt className="font-semibold">Approved by</dt>
            <dd>
              <bdi>{approved.answer?.name}</bdi>
              {approved.answer?.role ? (
                <>
                  , <bdi>{approved.answer.role}</bdi>
                </>
              ) : null}
            </dd>
            <dt className="font-semibold">Approved at</dt>
            <dd>{approved.answer?.at}</dd>
            <dt className="font-semibold">File</dt>
            <dd>{approved.fileName}</dd>
            <dt className="font-semibold">File SHA-256</dt>
            <dd className="break-all font-mono text-xs">{approved.answer?.sha256}</dd>
          </>
        ) : (
          <>
            <dt className="font-semibold">Approval</dt>
            <dd className="font-semibold">Not approved yet</dd>
          </>
        )}
      </dl>
      {approved &&
        (approved.mediaType === "application/pdf" ? (
          // Nothing here renders a PDF: the printed record says which file it is instead of a picture.
          <p className="mt-6 rounded-md border border-border p-3 break-inside-avoid">
            The approved file is a PDF, not pictured here: {approved.fileName}, {Math.ceil(approved.bytes / 1024)} KB (
            {approved.bytes} bytes), SHA-256{" "}
            <span className="break-all font-mono text-xs">{approved.answer?.sha256 ?? approved.sha256}</span>.{" "}
            <a className="font-semibold text-primary underline" href={fileUrl(approved.version, "download")} download>
              Download the approved PDF (v{approved.version})
            </a>
          </p>
        ) : (
          <img
            src={fileUrl(approved.version, "inline")}
            alt={`Approved proof v${approved.version}`}
            className="mt-6 max-h-96 w-auto max-w-full border border-border"
          />
        ))}
      <h2 className="mt-8 text-lg font-bold">Version history</h2>
      {/* One block per version, newest first: it reads the same on a phone, a wide screen and paper. */}
      <ol className="mt-2 border-t border-border">
        {versions.map((proof) => (
          <li
            key={proof.version}
            className="grid gap-x-4 gap-y-1 border-b border-border py-2 break-inside-avoid sm:grid-cols-[3rem_1fr]"
          >
            <p className="font-semibold">v{proof.version}</p>
            <div className="min-w-0 space-y-1">
              <p>
                Sent {proof.sent} · {proof.fileName}
              </p>
              <p className={proof.answer ? "font-semibold" : "text-muted-foreground"}>
                {proof.summary}
                {proof.answer ? ` · ${proof.answer.at}` : ""}
              </p>
              {proof.answer?.changes && <p className="whitespace-pre-wrap break-words">{proof.answer.changes}</p>}
              <p className="break-all font-mono text-xs">SHA-256 {proof.sha256}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs text-muted-foreground print:hidden">
        Print this page, or save it as PDF from your browser&apos;s print dialog.
      </p>
    </div>
  );
}
