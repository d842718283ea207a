import { proofText } from "~/content/proofs";
import type { ProofRecordVersion } from "~/lib/proofs/record";

const typeName: Record<string, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/webp": "WebP",
  "image/svg+xml": "SVG",
  "application/pdf": "PDF",
};

type Proof = Pick<ProofRecordVersion, "version" | "mediaType" | "bytes" | "sent">;

/**
 * One version's file: an image inline, a PDF only as its download (a browser's PDF viewer would run the
 * file's JavaScript in the site's origin); always the download link. The file comes from its own URL
 * under a sandboxing policy (routes/proof/file.ts).
 */
export function ProofView({
  base,
  proof,
  reference,
  priority = false,
}: {
  base: string;
  proof: Proof;
  reference: string;
  priority?: boolean;
}) {
  const src = `${base}/file?v=${proof.version}`;
  const label = `Proof v${proof.version} for ${reference}`;
  return (
    <figure className="space-y-2">
      {proof.mediaType === "application/pdf" ? (
        <p className="rounded-lg border border-border bg-muted p-4 text-sm">{proofText.page.pdfDownload}</p>
      ) : (
        <img
          src={`${src}&inline`}
          alt={label}
          loading={priority ? "eager" : "lazy"}
          className={`mx-auto ${priority ? "max-h-[70vh]" : "max-h-48"} w-auto max-w-full rounded-lg border border-border bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px]`}
        />
      )}
      <figcaption className="flex flex-wrap items-center gap-x-3 text-sm">
        <a className="font-semibold text-primary underline underline-offset-4" href={src} download>
          {proofText.page.download(proof.version)}
        </a>
        <span className="text-muted-foreground">
          {typeName[proof.mediaType] ?? proof.mediaType}, {Math.ceil(proof.bytes / 1024)} KB · sent {proof.sent}
        </span>
      </figcaption>
    </figure>
  );
}
