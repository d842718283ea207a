import type PDFDocument from "pdfkit";

/** The bytes a pdfkit document writes, once it has ended (call before `doc.end()`). */
export function pdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}
